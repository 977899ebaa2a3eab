# iglu_library_headers(<target> [FOLDER <dir>])
# The layout of every library (see docs and the folder READMEs): public headers under
# <dir>/include/<include path> (the target's PUBLIC include folder; include/ once installed),
# internal headers beside the sources in <dir>, reachable from the library itself only (PRIVATE).
# <dir> defaults to the current source folder. The public headers are listed as sources so
# AUTOMOC sees their Q_OBJECT classes and IDEs show them.
function(iglu_library_headers target)
  cmake_parse_arguments(ARG "" "FOLDER" "" ${ARGN})
  set(dir "${CMAKE_CURRENT_SOURCE_DIR}")
  if(ARG_FOLDER)
    set(dir "${dir}/${ARG_FOLDER}")
  endif()
  file(GLOB_RECURSE public_headers CONFIGURE_DEPENDS "${dir}/include/*.hpp")
  target_sources(${target} PRIVATE ${public_headers})
  target_include_directories(${target}
    PUBLIC "$<BUILD_INTERFACE:${dir}/include>" "$<INSTALL_INTERFACE:include>"
    PRIVATE "${dir}")
endfunction()

# iglu_shared_library(<target> <include path of the export header>)
# A shared library exports only what its headers mark: hidden visibility by default, and a
# generated export header (<target upper-case>_EXPORT) in the library's public include folder
# of the build tree (installed beside its other headers).
include(GenerateExportHeader)
function(iglu_shared_library target header)
  set_target_properties(${target} PROPERTIES CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  generate_export_header(${target} EXPORT_FILE_NAME "${CMAKE_CURRENT_BINARY_DIR}/include/${header}")
  target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${CMAKE_CURRENT_BINARY_DIR}/include>")
endfunction()
