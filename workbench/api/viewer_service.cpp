#include "workbench/api/viewer_service.hpp"

namespace iglu::workbench {
ViewerService::~ViewerService() = default;  // anchors the vtable in the API library
}  // namespace iglu::workbench
