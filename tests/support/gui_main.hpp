#pragma once
// main() for GUI tests that show the VTK view: the OpenGL set-up must precede QApplication.
#include <QApplication>
#include <QTest>

#include "viewers/qt/surface_format.hpp"

#define IGLU_GUI_TEST_MAIN(TestClass)                 \
    int main(int argc, char** argv) {                 \
        iglu::viewers::prepareOpenGL();               \
        QApplication app(argc, argv);                 \
        app.setAttribute(Qt::AA_Use96Dpi, true);      \
        TestClass tc;                                 \
        QTEST_SET_MAIN_SOURCE_PATH                    \
        return QTest::qExec(&tc, argc, argv);         \
    }
