# Test registration shared by tests/ and by the plugins' own tests/ folders (iglu_add_plugin).
# Included from the top-level CMakeLists.txt when IGLU_BUILD_TESTS is on.
find_package(Qt6 REQUIRED COMPONENTS Core Test)

# iglu_add_qtest(NAME SOURCES... [LIBS ...] [LABELS ...])
# One QtTest executable registered with CTest under its own name.
# Every test runs with LeakSanitizer's suppressions of the third-party stacks we link (Mesa, X11,
# D-Bus, fontconfig, VTK's and Qt's process-lifetime singletons: tests/lsan.supp); our own code
# is never suppressed. A test added with add_test() directly sets ENVIRONMENT to this too.
set(IGLU_TEST_ENVIRONMENT "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")

function(iglu_add_qtest name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES AUTOMOC ON)
  target_link_libraries(${name} PRIVATE Qt6::Core Qt6::Test iglu_test_support iglu_warnings ${ARG_LIBS})
  target_compile_definitions(${name} PRIVATE
    IGLU_SHARED_DIR="${IGLU_SHARED_DIR}"
    IGLU_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    IGLU_CLI_PATH="$<TARGET_FILE:iglu>")
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${IGLU_TEST_ENVIRONMENT}")
  if(ARG_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}")
  endif()
endfunction()

# iglu_add_workbench_test(NAME SOURCES... [LIBS ...] [LABELS ...])
# A GUI test of the workbench with the bundled plugins (label gui): links the shared workbench
# fixture (tests/support: iglu_test_workbench), builds every bundled plugin first (target
# iglu_plugins) and suppresses the graphics stacks' one-time leaks in sanitizer builds.
function(iglu_add_workbench_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS;LABELS" ${ARGN})
  iglu_add_qtest(${name} SOURCES ${ARG_SOURCES} LIBS iglu_test_workbench ${ARG_LIBS} LABELS gui ${ARG_LABELS})
  add_dependencies(${name} iglu_plugins)
  # The workbench tests drive the app shell's internals (plugin_manager, example_catalog): its
  # private folder, named here once.
  target_include_directories(${name} PRIVATE "${PROJECT_SOURCE_DIR}/workbench/app")
endfunction()
