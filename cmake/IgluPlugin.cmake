# iglu_add_plugin(): every workbench plugin (plugins/<name>/) and the test fixture plugin are built
# by this one function, so they all have the same shape (plugins/README.md):
#
#   iglu_add_plugin(<name>
#     [LOGIC files...]        logic/: Qt-free or QtCore only -> static library iglu_<name>_logic
#     [WIDGETS files...]      widgets/: Qt Widgets -> static library iglu_<name>_widgets (links the logic)
#     SOURCES files...        <name>_plugin.cpp/.hpp, plugin.json -> module iglu_plugin_<name>
#     [LIBS libs...]          what the logic (or, without logic, the widgets / module) links (PUBLIC)
#     [WIDGET_LIBS libs...]   what only the widgets link (e.g. Qt6::Charts)
#     [TESTS files...]        tests/: one QtTest per file, headless (labels: workbench <name>)
#     [GUI_TESTS files...]    tests/: one QtTest per file in the workbench (label gui as well; shared
#                             fixture tests/support, every bundled plugin built first)
#     [TEST_LIBS libs...]     extra libraries of the plugin's tests
#     [LABELS labels...]      extra CTest labels of the plugin's tests
#     [OUTPUT_DIR dir])       where the module goes (default: the bundled plugin folder)
#
# Every target gets the plugin folder as a PRIVATE include directory (includes read
# "logic/x.hpp", "widgets/y.hpp") and hidden symbol visibility: of the plugin's own code the
# module exports only Qt's plugin entry points; the libraries are static and linked into the module
# and into the plugin's tests.
# A test that needs a plugin's widget type inside the workbench finds it by object name and class
# name (tests/support/workbench_fixture.hpp: findPluginWidget), never by a shared type.
# Another target that needs a plugin's logic or widgets (a tool, a benchmark, a cross-plugin test)
# calls iglu_use_plugin(<target> <name> [WIDGETS]).
find_package(Qt6 REQUIRED COMPONENTS Core Gui Widgets)

# Every bundled plugin; GUI tests and the screenshot tool depend on it.
if(NOT TARGET iglu_plugins)
  add_custom_target(iglu_plugins)
endif()

function(_iglu_plugin_target_defaults target dir)
  set_target_properties(${target} PROPERTIES
    AUTOMOC ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_include_directories(${target} PRIVATE "${dir}")
endfunction()

function(iglu_add_plugin name)
  cmake_parse_arguments(ARG "" "OUTPUT_DIR"
    "LOGIC;WIDGETS;SOURCES;LIBS;WIDGET_LIBS;TESTS;GUI_TESTS;TEST_LIBS;LABELS" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "iglu_add_plugin(${name}): SOURCES (<name>_plugin.cpp, plugin.json) are required")
  endif()
  set(dir "${CMAKE_CURRENT_SOURCE_DIR}")
  set(impl "")  # the library the module and the tests link: widgets, else logic, else none
  set(libs ${ARG_LIBS})
  if(ARG_LOGIC)
    add_library(iglu_${name}_logic STATIC ${ARG_LOGIC})
    _iglu_plugin_target_defaults(iglu_${name}_logic "${dir}")
    target_link_libraries(iglu_${name}_logic PUBLIC Qt6::Core ${ARG_LIBS} PRIVATE iglu_warnings)
    set_target_properties(iglu_${name}_logic PROPERTIES IGLU_PLUGIN_DIR "${dir}")
    set(impl iglu_${name}_logic)
    set(libs "")
  endif()
  if(ARG_WIDGETS)
    add_library(iglu_${name}_widgets STATIC ${ARG_WIDGETS})
    _iglu_plugin_target_defaults(iglu_${name}_widgets "${dir}")
    target_link_libraries(iglu_${name}_widgets PUBLIC ${impl} ${libs} ${ARG_WIDGET_LIBS} Qt6::Widgets
      PRIVATE iglu_warnings)
    set_target_properties(iglu_${name}_widgets PROPERTIES IGLU_PLUGIN_DIR "${dir}")
    set(impl iglu_${name}_widgets)
    set(libs "")
  endif()

  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR "${IGLU_PLUGIN_OUTPUT_DIR}")
    add_dependencies(iglu_plugins iglu_plugin_${name})
  endif()
  add_library(iglu_plugin_${name} MODULE ${ARG_SOURCES})
  _iglu_plugin_target_defaults(iglu_plugin_${name} "${dir}")
  set_target_properties(iglu_plugin_${name} PROPERTIES PREFIX "lib" LIBRARY_OUTPUT_DIRECTORY "${ARG_OUTPUT_DIR}")
  target_link_libraries(iglu_plugin_${name} PRIVATE iglu::workbench_api iglu_warnings ${impl} ${libs})

  if(IGLU_BUILD_TESTS)
    foreach(src IN LISTS ARG_TESTS ARG_GUI_TESTS)
      get_filename_component(test ${src} NAME_WE)
      if(src IN_LIST ARG_GUI_TESTS)
        iglu_add_workbench_test(${test} SOURCES ${src} LIBS ${impl} ${libs} ${ARG_TEST_LIBS}
          LABELS workbench ${name} ${ARG_LABELS})
      else()
        iglu_add_qtest(${test} SOURCES ${src} LIBS ${impl} ${libs} ${ARG_TEST_LIBS} Qt6::Widgets
          LABELS workbench ${name} ${ARG_LABELS})
      endif()
      target_include_directories(${test} PRIVATE "${dir}")
      # Where this plugin's module is (a fixture plugin lives outside the bundled folder).
      target_compile_definitions(${test} PRIVATE IGLU_THIS_PLUGIN_DIR="${ARG_OUTPUT_DIR}")
      add_dependencies(${test} iglu_plugin_${name})
    endforeach()
  endif()
endfunction()

# iglu_use_plugin(<target> <name> [WIDGETS]): <target> links plugin <name>'s logic (or its widgets)
# and includes its headers as "logic/x.hpp" / "widgets/y.hpp".
function(iglu_use_plugin target name)
  cmake_parse_arguments(ARG "WIDGETS" "" "" ${ARGN})
  set(lib iglu_${name}_logic)
  if(ARG_WIDGETS)
    set(lib iglu_${name}_widgets)
  endif()
  get_target_property(dir ${lib} IGLU_PLUGIN_DIR)
  target_link_libraries(${target} PRIVATE ${lib})
  target_include_directories(${target} PRIVATE "${dir}")
endfunction()
