# The build tree has the layout of an installed tree, so a program finds its resources the same
# way in both (relative to its executable, core/util/resource_dirs), never through a source path:
#   bin/                  executables (the test executables too)
#   lib/                  shared libraries
#   lib/iglu/plugins/     workbench plugins (IGLU_PLUGIN_OUTPUT_DIR)
#   share/iglu/lua        the bundled Lua library    (build tree: symbolic link to scripting/lua)
#   share/iglu/examples   tasks, agents, experiments (build tree: symbolic link to examples/)
set(CMAKE_RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/bin")
set(CMAKE_LIBRARY_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/lib")
set(IGLU_PLUGIN_OUTPUT_DIR "${PROJECT_BINARY_DIR}/lib/iglu/plugins")
file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/share/iglu")
foreach(pair "lua=scripting/lua" "examples=examples")
  string(REPLACE "=" ";" pair "${pair}")
  list(GET pair 0 name)
  list(GET pair 1 source)
  if(NOT IS_SYMLINK "${PROJECT_BINARY_DIR}/share/iglu/${name}")
    file(CREATE_LINK "${PROJECT_SOURCE_DIR}/${source}" "${PROJECT_BINARY_DIR}/share/iglu/${name}" SYMBOLIC)
  endif()
endforeach()

# Installed binaries find their libraries relative to themselves; the build tree keeps CMake's
# absolute build RPATH (replaced on install).
set(CMAKE_INSTALL_RPATH "$ORIGIN/../lib")
# No source path compiled in: __FILE__ (asserts, Qt message contexts) and the debug line tables
# name files relative to the source tree (debuggers: `directory <source tree>`).
# Both spellings of each tree are mapped: CMake keeps a path reached through a symbolic link as
# given, while the compiler records its working folder (the debug info's comp_dir) as the real
# path, which the given spelling would not match (seen on CI, whose checkout sits behind a link).
set(iglu_tree_spellings "")
foreach(tree IN ITEMS "${PROJECT_SOURCE_DIR}" "${PROJECT_BINARY_DIR}")
  file(REAL_PATH "${tree}" real_tree)
  list(APPEND iglu_tree_spellings "${tree}" "${real_tree}")
endforeach()
list(REMOVE_DUPLICATES iglu_tree_spellings)
foreach(spelling IN LISTS iglu_tree_spellings)
  add_compile_options("-ffile-prefix-map=${spelling}/=")
endforeach()
