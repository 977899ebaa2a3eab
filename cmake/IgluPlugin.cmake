# iglu_add_plugin(): every workbench plugin (plugins/<name>/), the test fixtures and out-of-tree
# plugins (examples/plugins/hello, built against the installed SDK: cmake/IgluSdk.cmake) are built
# by this one function, so they all have the same shape (plugins/README.md):
#
#   iglu_add_plugin(<name>
#     [LOGIC files...]        logic/: Qt-free or QtCore only -> static library iglu_<name>_logic
#                             (headless: linking Qt Widgets or VTK fails configure, IgluHeadless.cmake)
#     [WIDGETS files...]      widgets/: Qt Widgets -> static library iglu_<name>_widgets (links the logic)
#     SOURCES files...        <name>_plugin.cpp/.hpp, plugin.json.in -> module iglu_plugin_<name>
#     [VERSION x.y.z]         the plugin's "Version" (default: the project's version)
#     [LIBS libs...]          what the logic (or, without logic, the widgets / module) links (PUBLIC)
#     [WIDGET_LIBS libs...]   what only the widgets link (e.g. Qt6::Charts, iglu::viewers)
#     [TESTS files...]        tests/: one QtTest per file, headless: links the logic library only
#                             (labels: workbench <name>)
#     [GUI_TESTS files...]    tests/: one QtTest per file in the workbench (label gui as well; shared
#                             fixture tests/support, every bundled plugin built first)
#     [TEST_LIBS libs...]     extra libraries of the plugin's tests
#     [LABELS labels...]      extra CTest labels of the plugin's tests
#     [OUTPUT_DIR dir])       where the module goes (default: the bundled plugin folder; out of the
#                             source tree: <build>/plugins)
#
# plugin.json.in is configured into the build folder as plugin.json (where Q_PLUGIN_METADATA finds
# it): @IGLU_PLUGIN_VERSION@ and @IGLU_PLUGIN_API_VERSION@ come from VERSION / the project version
# and IGLU_WORKBENCH_API_VERSION (top-level CMakeLists.txt), so no plugin types them; its "Name"
# must be <name>. A bundled plugin (no OUTPUT_DIR) must sit in a folder called <name> and joins the
# registry: global property IGLU_PLUGINS (the generated lists of tests and docs read it).
#
# Every target gets the plugin folder as a PRIVATE include directory (includes read
# "logic/x.hpp", "widgets/y.hpp") and hidden symbol visibility: of the plugin's own code the
# module exports only Qt's plugin entry points; the libraries are static and linked into the module
# and into the plugin's tests.
# A test that needs a plugin's widget type inside the workbench finds it by object name and class
# name (tests/support/workbench_fixture.hpp: findPluginWidget), never by a shared type.
# Another target that needs a plugin's logic or widgets (a tool, a benchmark, a cross-plugin test)
# calls iglu_use_plugin(<target> <name> [WIDGETS]).
# Tests (TESTS, GUI_TESTS) are built in the source tree only: they use its test fixture.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/IgluHeadless.cmake")
find_package(Qt6 REQUIRED COMPONENTS Core Gui Widgets)

# Every bundled plugin; GUI tests and the screenshot tool depend on it.
if(NOT TARGET iglu_plugins)
  add_custom_target(iglu_plugins)
endif()
# Out of the source tree (find_package(IgluWorkbench) sets IGLU_WORKBENCH_SDK): modules go to
# <build>/plugins and `cmake --install` puts them in <prefix>/lib/iglu/plugins.
if(IGLU_WORKBENCH_SDK AND NOT IGLU_PLUGIN_OUTPUT_DIR)
  set(IGLU_PLUGIN_OUTPUT_DIR "${CMAKE_BINARY_DIR}/plugins")
endif()

function(_iglu_plugin_target_defaults target dir)
  set_target_properties(${target} PROPERTIES
    AUTOMOC ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  target_include_directories(${target} PRIVATE "${dir}")
  if(TARGET iglu_warnings)
    target_link_libraries(${target} PRIVATE iglu_warnings)
  endif()
endfunction()

# plugin.json.in -> <binary dir>/plugin.json with the version fields filled; its Name checked.
function(_iglu_plugin_metadata name version out_sources)
  set(sources "")
  foreach(src IN LISTS ARGN)
    get_filename_component(file "${src}" NAME)
    if(file STREQUAL "plugin.json")
      message(FATAL_ERROR "iglu_add_plugin(${name}): list plugin.json.in (its Version and ApiVersion "
        "are @IGLU_PLUGIN_VERSION@ and @IGLU_PLUGIN_API_VERSION@), not plugin.json")
    elseif(file STREQUAL "plugin.json.in")
      if(NOT DEFINED IGLU_WORKBENCH_API_VERSION)
        message(FATAL_ERROR "iglu_add_plugin(${name}): IGLU_WORKBENCH_API_VERSION is not set")
      endif()
      set(IGLU_PLUGIN_VERSION "${version}")
      set(IGLU_PLUGIN_API_VERSION "${IGLU_WORKBENCH_API_VERSION}")
      set(json "${CMAKE_CURRENT_BINARY_DIR}/plugin.json")
      configure_file("${src}" "${json}" @ONLY)
      file(READ "${json}" text)
      string(JSON json_name ERROR_VARIABLE json_error GET "${text}" Name)
      if(json_error OR NOT json_name STREQUAL name)
        message(FATAL_ERROR "${CMAKE_CURRENT_SOURCE_DIR}/${src}: \"Name\" must be \"${name}\" "
          "(got \"${json_name}\"${json_error})")
      endif()
      list(APPEND sources "${src}")
    else()
      list(APPEND sources "${src}")
    endif()
  endforeach()
  set(${out_sources} ${sources} PARENT_SCOPE)
endfunction()

function(iglu_add_plugin name)
  cmake_parse_arguments(ARG "" "OUTPUT_DIR;VERSION"
    "LOGIC;WIDGETS;SOURCES;LIBS;WIDGET_LIBS;TESTS;GUI_TESTS;TEST_LIBS;LABELS" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "iglu_add_plugin(${name}): SOURCES (<name>_plugin.cpp, plugin.json) are required")
  endif()
  set(dir "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT ARG_VERSION)
    set(ARG_VERSION "${PROJECT_VERSION}")
  endif()
  _iglu_plugin_metadata(${name} "${ARG_VERSION}" ARG_SOURCES ${ARG_SOURCES})
  set(impl "")  # the library the module and the tests link: widgets, else logic, else none
  set(libs ${ARG_LIBS})
  if(ARG_LOGIC)
    add_library(iglu_${name}_logic STATIC ${ARG_LOGIC})
    _iglu_plugin_target_defaults(iglu_${name}_logic "${dir}")
    target_link_libraries(iglu_${name}_logic PUBLIC Qt6::Core ${ARG_LIBS})
    set_target_properties(iglu_${name}_logic PROPERTIES IGLU_PLUGIN_DIR "${dir}")
    iglu_require_headless(iglu_${name}_logic)
    set(impl iglu_${name}_logic)
    set(libs "")
  endif()
  if(ARG_WIDGETS)
    add_library(iglu_${name}_widgets STATIC ${ARG_WIDGETS})
    _iglu_plugin_target_defaults(iglu_${name}_widgets "${dir}")
    target_link_libraries(iglu_${name}_widgets PUBLIC ${impl} ${libs} ${ARG_WIDGET_LIBS} Qt6::Widgets)
    set_target_properties(iglu_${name}_widgets PROPERTIES IGLU_PLUGIN_DIR "${dir}")
    set(impl iglu_${name}_widgets)
    set(libs "")
  endif()

  set(bundled FALSE)
  if(NOT ARG_OUTPUT_DIR)
    set(ARG_OUTPUT_DIR "${IGLU_PLUGIN_OUTPUT_DIR}")
    set(bundled TRUE)
  endif()
  add_library(iglu_plugin_${name} MODULE ${ARG_SOURCES})
  _iglu_plugin_target_defaults(iglu_plugin_${name} "${dir}")
  # The generated plugin.json (Q_PLUGIN_METADATA FILE) is found on the include path.
  target_include_directories(iglu_plugin_${name} PRIVATE "${CMAKE_CURRENT_BINARY_DIR}")
  set_target_properties(iglu_plugin_${name} PROPERTIES PREFIX "lib" LIBRARY_OUTPUT_DIRECTORY "${ARG_OUTPUT_DIR}")
  target_link_libraries(iglu_plugin_${name} PRIVATE iglu::workbench_api Qt6::Widgets ${impl} ${libs})
  if(bundled AND NOT IGLU_WORKBENCH_SDK)
    # The registry of bundled plugins: one folder, one name.
    get_filename_component(folder "${dir}" NAME)
    if(NOT folder STREQUAL name)
      message(FATAL_ERROR "iglu_add_plugin(${name}) in ${dir}: a bundled plugin's folder is its name")
    endif()
    add_dependencies(iglu_plugins iglu_plugin_${name})
    set_property(GLOBAL APPEND PROPERTY IGLU_PLUGINS ${name})
  endif()
  if(IGLU_WORKBENCH_SDK)
    # Next to the bundled plugins of a workbench installed in the same prefix.
    set_target_properties(iglu_plugin_${name} PROPERTIES INSTALL_RPATH "$ORIGIN/../..")
    install(TARGETS iglu_plugin_${name} LIBRARY DESTINATION lib/iglu/plugins)
  endif()

  if(IGLU_BUILD_TESTS AND NOT IGLU_WORKBENCH_SDK)
    # Headless tests link the logic (else what there is) and never build the widgets or module,
    # so the sanitizer pass (scripts/test.sh) builds no widget library for them.
    set(headless ${impl} ${libs})
    if(ARG_LOGIC)
      set(headless iglu_${name}_logic)
    endif()
    foreach(src IN LISTS ARG_TESTS)
      get_filename_component(test ${src} NAME_WE)
      iglu_add_qtest(${test} SOURCES ${src} LIBS ${headless} ${ARG_TEST_LIBS}
        LABELS workbench ${name} ${ARG_LABELS})
      target_include_directories(${test} PRIVATE "${dir}")
    endforeach()
    foreach(src IN LISTS ARG_GUI_TESTS)
      get_filename_component(test ${src} NAME_WE)
      iglu_add_workbench_test(${test} SOURCES ${src} LIBS ${impl} ${libs} ${ARG_TEST_LIBS}
        LABELS workbench ${name} ${ARG_LABELS})
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
