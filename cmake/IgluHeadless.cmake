# Headless libraries: the Qt-free layers (core, catalog, datasets, scripting, architect, the Python
# module) and every plugin's logic library run without a window, so none of them may link Qt
# Widgets or VTK, directly or through another library. The build refuses it: at the end of the
# configure step every library registered here is walked through its link libraries, and configure
# fails naming the library and the chain that reaches the forbidden one.
#
#   iglu_require_headless(<target>...)   register (targets not defined at the end are skipped:
#                                        e.g. the Python module when pybind11 is missing)
#
# iglu_add_plugin registers each plugin's iglu_<name>_logic itself. Installed with the plugin SDK,
# so an out-of-tree plugin's logic library is checked the same way.
include_guard(GLOBAL)

# What a headless library may not reach.
set(IGLU_HEADLESS_FORBIDDEN "^(Qt6?::(Widgets|OpenGLWidgets|Charts|PrintSupport)|VTK::.*)$")

function(iglu_require_headless)
  set_property(GLOBAL APPEND PROPERTY IGLU_HEADLESS_TARGETS ${ARGN})
  get_property(scheduled GLOBAL PROPERTY IGLU_HEADLESS_CHECK_SCHEDULED)
  if(NOT scheduled)
    set_property(GLOBAL PROPERTY IGLU_HEADLESS_CHECK_SCHEDULED TRUE)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _iglu_check_headless_all)
  endif()
endfunction()

function(_iglu_check_headless_all)
  get_property(targets GLOBAL PROPERTY IGLU_HEADLESS_TARGETS)
  list(REMOVE_DUPLICATES targets)
  foreach(t IN LISTS targets)
    if(TARGET ${t})
      iglu_check_headless(${t})
    endif()
  endforeach()
endfunction()

# iglu_check_headless(<target>): FATAL_ERROR when <target> reaches a forbidden library.
function(iglu_check_headless root)
  set(queue ${root})
  set(seen "")
  string(MAKE_C_IDENTIFIER "${root}" key)
  set(via_${key} "${root}")  # how the walk reached each library (keys: C identifiers of names)
  while(queue)
    list(POP_FRONT queue t)
    string(MAKE_C_IDENTIFIER "${t}" key)
    if(t IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${t})
    if(t MATCHES "${IGLU_HEADLESS_FORBIDDEN}")
      message(FATAL_ERROR "${root} must stay headless but links ${t}: ${via_${key}}.\n"
        "Qt-free layers and plugin logic libraries (logic/) may link Qt Core and Gui at most, never "
        "Qt Widgets or VTK (cmake/IgluHeadless.cmake). Move the code that needs it to the plugin's "
        "widgets/ and its library to WIDGET_LIBS, or link it from the module only.")
    endif()
    if(NOT TARGET ${t})
      continue()  # a plain library file or linker flag
    endif()
    get_target_property(aliased ${t} ALIASED_TARGET)
    if(aliased)
      string(MAKE_C_IDENTIFIER "${aliased}" akey)
      set(via_${akey} "${via_${key}}")
      list(APPEND queue ${aliased})
      continue()
    endif()
    get_target_property(type ${t} TYPE)
    get_target_property(imported ${t} IMPORTED)
    set(libs "")
    if(NOT imported AND NOT type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(direct ${t} LINK_LIBRARIES)
      if(direct)
        list(APPEND libs ${direct})
      endif()
    endif()
    get_target_property(iface ${t} INTERFACE_LINK_LIBRARIES)
    if(iface)
      list(APPEND libs ${iface})
    endif()
    foreach(lib IN LISTS libs)
      # $<LINK_ONLY:x>, $<BUILD_INTERFACE:x> -> x; other expressions and ::@ markers are skipped.
      string(REGEX REPLACE "^\\$<(LINK_ONLY|BUILD_INTERFACE):(.*)>$" "\\2" lib "${lib}")
      if(lib MATCHES "^::@" OR lib MATCHES "\\$<" OR lib STREQUAL "")
        continue()
      endif()
      string(MAKE_C_IDENTIFIER "${lib}" lkey)
      if(NOT DEFINED via_${lkey})
        set(via_${lkey} "${via_${key}} -> ${lib}")
      endif()
      list(APPEND queue ${lib})
    endforeach()
  endwhile()
endfunction()
