#pragma once
// main() for GUI tests that show the VTK view: the OpenGL set-up must precede QApplication.
#include <QApplication>
#include <QTemporaryDir>
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

// main() for GUI tests of the whole workbench that must not see the user's settings or plugin
// folder: XDG config and data homes in a temporary folder, an organisation of its own.
#define IGLU_WORKBENCH_TEST_MAIN(TestClass)                                                     \
    int main(int argc, char** argv) {                                                           \
        QTemporaryDir home;                                                                     \
        qputenv("XDG_CONFIG_HOME", home.filePath(QStringLiteral("config")).toUtf8());           \
        qputenv("XDG_DATA_HOME", home.filePath(QStringLiteral("data")).toUtf8());               \
        iglu::viewers::prepareOpenGL();                                                         \
        QApplication app(argc, argv);                                                           \
        QApplication::setOrganizationName(QStringLiteral("IGLU-test"));                         \
        QApplication::setApplicationName(QStringLiteral(#TestClass));                           \
        TestClass tc;                                                                           \
        QTEST_SET_MAIN_SOURCE_PATH                                                              \
        return QTest::qExec(&tc, argc, argv);                                                   \
    }
