#include "core/task/task.hpp"

namespace iglu::core {

std::string Task::chat() const {
    if (dialog.empty()) return instruction;
    if (instruction.empty()) return dialog;
    return dialog + "\n" + instruction;
}

}  // namespace iglu::core
