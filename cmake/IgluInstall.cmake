# `cmake --install <build> --prefix <dir>` gives the layout of the build tree (cmake/IgluLayout.cmake):
#   bin/iglu, bin/iglu-workbench
#   lib/                   the project's shared libraries (RPATH of everything: relative, $ORIGIN)
#   lib/iglu/plugins/      every workbench plugin built into IGLU_PLUGIN_OUTPUT_DIR
#   share/iglu/lua         the bundled Lua library
#   share/iglu/examples    tasks, agents, experiments, example data
#   share/applications/iglu-workbench.desktop
# The shared libraries and plugins are collected from the build system (not listed by hand), so a
# new plugin or library is installed without touching this file. Test folders are skipped.

# All targets defined in `dir` and the folders below it.
function(iglu_collect_targets dir out)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    if(NOT sub MATCHES "/tests(/|$)")
      iglu_collect_targets("${sub}" more)
      list(APPEND targets ${more})
    endif()
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

iglu_collect_targets("${PROJECT_SOURCE_DIR}" iglu_all_targets)
foreach(t IN LISTS iglu_all_targets)
  get_target_property(type ${t} TYPE)
  get_target_property(outdir ${t} LIBRARY_OUTPUT_DIRECTORY)
  if(type STREQUAL "MODULE_LIBRARY" AND outdir STREQUAL IGLU_PLUGIN_OUTPUT_DIR)
    # lib/iglu/plugins -> lib
    set_target_properties(${t} PROPERTIES INSTALL_RPATH "$ORIGIN/../..")
    install(TARGETS ${t} LIBRARY DESTINATION lib/iglu/plugins COMPONENT runtime)
  elseif(type STREQUAL "SHARED_LIBRARY")
    set_target_properties(${t} PROPERTIES INSTALL_RPATH "$ORIGIN")
    install(TARGETS ${t} LIBRARY DESTINATION lib COMPONENT runtime)
  endif()
endforeach()

install(TARGETS iglu iglu-workbench RUNTIME DESTINATION bin COMPONENT runtime)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/scripting/lua/" DESTINATION share/iglu/lua COMPONENT runtime)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/examples/" DESTINATION share/iglu/examples COMPONENT runtime)
install(FILES "${PROJECT_SOURCE_DIR}/workbench/app/resources/iglu-workbench.desktop"
  DESTINATION share/applications COMPONENT runtime)
