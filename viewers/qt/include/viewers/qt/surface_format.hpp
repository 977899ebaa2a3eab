#pragma once
// OpenGL set-up every Qt program embedding the VTK view must do before creating QApplication:
// an OpenGL 3.2 Core default surface format, and (unless the user chose otherwise) the xcb platform
// with GLX (QOpenGLWidget crashes under QT_QPA_PLATFORM=offscreen; Xvfb provides the display).
#include "viewers/qt/export.hpp"

#include <QString>

namespace iglu::viewers {

/// Sets QT_QPA_PLATFORM=xcb and QT_XCB_GL_INTEGRATION=xcb_glx when unset, and the default
/// QSurfaceFormat (OpenGL 3.2 Core, 24-bit depth, 8-bit stencil, no multisampling).
IGLU_VIEWERS_EXPORT void prepareOpenGL();

/// The VTK version the viewer is built with ("9.1.0").
IGLU_VIEWERS_EXPORT QString vtkVersion();

}  // namespace iglu::viewers
