#pragma once
// The Play panel's keys: W/A/S/D move, Space jumps (walking) or flies up, Shift or C flies down,
// arrows look (left / right turn, up / down pitch), 1-6 pick a colour, Return / Enter place,
// Backspace breaks. Modifiers other than Shift (and keypad) mean "not ours", so Ctrl shortcuts of
// the application keep working.
#include <optional>

#include <Qt>

#include "play_session.hpp"

namespace iglu::plugins::play {

std::optional<Command> commandForKey(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier) noexcept;

/// The key help shown in the panel, one line per group.
const char* keyHelp() noexcept;

}  // namespace iglu::plugins::play
