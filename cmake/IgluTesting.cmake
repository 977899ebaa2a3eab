# Test registration shared by tests/ and by the plugins' own tests/ folders (iglu_add_plugin).
# Included from the top-level CMakeLists.txt when IGLU_BUILD_TESTS is on.
find_package(Qt6 REQUIRED COMPONENTS Core Test)

# iglu_add_qtest(NAME SOURCES... [LIBS ...] [LABELS ...])
# One QtTest executable registered with CTest under its own name.
# Every test runs with LeakSanitizer's suppressions of the third-party stacks we link (Mesa, X11,
# D-Bus, fontconfig, VTK's and Qt's process-lifetime singletons: tests/lsan.supp); our own code
# is never suppressed. A test added with add_test() directly sets ENVIRONMENT to this too.
set(IGLU_TEST_ENVIRONMENT "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")

# Precompiled headers: parsing Qt's module headers costs ~3 s of a test's ~6-9 s compile, so the
# tests reuse one precompiled header per flavour: iglu_pch_core (<QtCore>, the standard library)
# and iglu_pch_gui (<QtWidgets> too, for the workbench tests). GCC takes a PCH only when every
# macro defined while it was made is defined alike where it is used; the providers therefore link
# only Qt Core (Widgets): not Qt Test, whose QT_TESTCASE_BUILDDIR differs per test (each test's
# <QtTest> on top is cheap). IGLU_TEST_PCH=OFF turns it off.
option(IGLU_TEST_PCH "Reuse precompiled headers (Qt, the standard library) across the test executables" ON)
if(IGLU_TEST_PCH)
  find_package(Qt6 REQUIRED COMPONENTS Core Widgets)
  set(_iglu_pch_anchor "${PROJECT_BINARY_DIR}/iglu_pch_anchor.cpp")
  file(WRITE "${_iglu_pch_anchor}" "// The precompiled-header providers' one (empty) source.\n")
  set(_iglu_pch_headers <QtCore/QtCore> <string> <vector> <map> <memory> <optional> <functional>
      <filesystem> <algorithm>)
  add_library(iglu_pch_core STATIC "${_iglu_pch_anchor}")
  target_link_libraries(iglu_pch_core PRIVATE Qt6::Core iglu_warnings)
  target_precompile_headers(iglu_pch_core PRIVATE ${_iglu_pch_headers})
  add_library(iglu_pch_gui STATIC "${_iglu_pch_anchor}")
  target_link_libraries(iglu_pch_gui PRIVATE Qt6::Widgets iglu_warnings)
  target_precompile_headers(iglu_pch_gui PRIVATE ${_iglu_pch_headers} <QtWidgets/QtWidgets>)
endif()

# The sanitizer pass (scripts/test.sh) runs every test but those labelled gui or install, and
# builds only the executables they run: target iglu_sanitizer_tests (tests/CMakeLists.txt) depends
# on every target registered here. iglu_add_qtest registers its non-gui tests; a test added with
# add_test() names what it runs with iglu_sanitizer_test_needs(target...).
function(iglu_sanitizer_test_needs)
  set_property(GLOBAL APPEND PROPERTY IGLU_SANITIZER_TEST_TARGETS ${ARGN})
endfunction()

function(iglu_add_qtest name)
  cmake_parse_arguments(ARG "" "PCH" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES AUTOMOC ON)
  target_link_libraries(${name} PRIVATE Qt6::Core Qt6::Test iglu_test_support iglu_warnings ${ARG_LIBS})
  if(IGLU_TEST_PCH)
    if(NOT ARG_PCH)
      set(ARG_PCH core)
    endif()
    target_precompile_headers(${name} REUSE_FROM iglu_pch_${ARG_PCH})
  endif()
  target_compile_definitions(${name} PRIVATE
    IGLU_SHARED_DIR="${IGLU_SHARED_DIR}"
    IGLU_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    IGLU_CLI_PATH="$<TARGET_FILE:iglu>")
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${IGLU_TEST_ENVIRONMENT}")
  if(ARG_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
  endif()
  if("gui" IN_LIST ARG_LABELS)
    # Tests with windows share one X display (xvfb-run around ctest -j): run side by side, one
    # activates its window and the other loses keyboard focus mid-sequence. They take turns on
    # the display; the Qt-free tests still run beside them.
    set_tests_properties(${name} PROPERTIES RESOURCE_LOCK iglu_x_display)
  else()
    iglu_sanitizer_test_needs(${name})  # the sanitizer pass runs it
  endif()
endfunction()

# iglu_add_workbench_test(NAME SOURCES... [LIBS ...] [LABELS ...])
# A GUI test of the workbench with the bundled plugins (label gui): links the shared workbench
# fixture (tests/support: iglu_test_workbench), builds every bundled plugin first (target
# iglu_plugins) and suppresses the graphics stacks' one-time leaks in sanitizer builds.
function(iglu_add_workbench_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  iglu_add_qtest(${name} SOURCES ${ARG_SOURCES} LIBS iglu_test_workbench ${ARG_LIBS} LABELS gui ${ARG_LABELS} PCH gui)
  add_dependencies(${name} iglu_plugins)
  # The workbench tests drive the app shell's internals (plugin_manager, example_catalog): its
  # private folder, named here once.
  target_include_directories(${name} PRIVATE "${PROJECT_SOURCE_DIR}/workbench/app")
endfunction()

# iglu_python_process_env(OUT): the environment a Python process of the tests needs to import the
# built package (PYTHONPATH=<build>/python), as a list of NAME=value. Under the sanitizer preset the
# extension is instrumented while python3 is not: the ASan / UBSan runtimes are preloaded and leak
# checking is off (CPython's own allocations at exit are not ours to judge; the C++ tests check
# leaks). Used by the pytest files and by every C++ test that starts a Python agent.
function(iglu_python_process_env out)
  set(env "PYTHONPATH=${PROJECT_BINARY_DIR}/python" "PYTHONDONTWRITEBYTECODE=1")
  if(IGLU_SANITIZE)
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libasan.so OUTPUT_VARIABLE asan_rt OUTPUT_STRIP_TRAILING_WHITESPACE)
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libubsan.so OUTPUT_VARIABLE ubsan_rt OUTPUT_STRIP_TRAILING_WHITESPACE)
    list(APPEND env "LD_PRELOAD=${asan_rt}:${ubsan_rt}" "ASAN_OPTIONS=detect_leaks=0")
  endif()
  set(${out} ${env} PARENT_SCOPE)
endfunction()
