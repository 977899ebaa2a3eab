#include "play_keys.hpp"

namespace iglu::plugins::play {

std::optional<Command> commandForKey(int key, Qt::KeyboardModifiers modifiers) noexcept {
    if ((modifiers & ~(Qt::ShiftModifier | Qt::KeypadModifier)) != Qt::NoModifier) return std::nullopt;
    switch (key) {
        case Qt::Key_W: return Command::Forward;
        case Qt::Key_S: return Command::Back;
        case Qt::Key_A: return Command::Left;
        case Qt::Key_D: return Command::Right;
        case Qt::Key_Space: return Command::Up;
        case Qt::Key_Shift: case Qt::Key_C: return Command::Down;
        case Qt::Key_Left: return Command::TurnLeft;
        case Qt::Key_Right: return Command::TurnRight;
        case Qt::Key_Up: return Command::LookUp;
        case Qt::Key_Down: return Command::LookDown;
        case Qt::Key_1: return Command::Colour1;
        case Qt::Key_2: return Command::Colour2;
        case Qt::Key_3: return Command::Colour3;
        case Qt::Key_4: return Command::Colour4;
        case Qt::Key_5: return Command::Colour5;
        case Qt::Key_6: return Command::Colour6;
        case Qt::Key_Return: case Qt::Key_Enter: return Command::Place;
        case Qt::Key_Backspace: return Command::Break;
        default: return std::nullopt;
    }
}

const char* keyHelp() noexcept {
    return "WASD move · Space jump / fly up · Shift, C fly down · arrows, drag: look · 1-6 colour · "
           "Return, click: place · Backspace, right click: break · Esc: release";
}

}  // namespace iglu::plugins::play
