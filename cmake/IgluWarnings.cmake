# One place for compile flags shared by every project target.
add_library(iglu_warnings INTERFACE)
target_compile_options(iglu_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
if(IGLU_SANITIZE)
  target_compile_options(iglu_warnings INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  target_link_options(iglu_warnings INTERFACE -fsanitize=address,undefined)
endif()
