# The linker: mold when it is installed (Debian's `mold`, scripts/deps.sh), else the compiler's
# default. Linking ~100 Qt / VTK executables dominates incremental builds and a good part of CI;
# mold links them several times faster with the same result. IGLU_LINKER=default turns it off.
set(IGLU_LINKER "auto" CACHE STRING "Linker: auto (mold if found), mold, or default")
set_property(CACHE IGLU_LINKER PROPERTY STRINGS auto mold default)
if(NOT IGLU_LINKER STREQUAL "default")
  find_program(IGLU_MOLD_PROGRAM mold)
  if(IGLU_MOLD_PROGRAM)
    include(CheckLinkerFlag)
    check_linker_flag(CXX "-fuse-ld=mold" IGLU_HAVE_FUSE_LD_MOLD)
  endif()
  if(IGLU_HAVE_FUSE_LD_MOLD)
    add_link_options(-fuse-ld=mold)
    message(STATUS "IGLU: linking with mold (${IGLU_MOLD_PROGRAM})")
  elseif(IGLU_LINKER STREQUAL "mold")
    message(FATAL_ERROR "IGLU_LINKER=mold, but mold is not installed (apt-get install mold) or the compiler cannot use it")
  endif()
endif()
