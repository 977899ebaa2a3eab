# The codebase's file-size rule (cmake -P, tests/source_rules/CMakeLists.txt): no product source file
# is longer than LIMIT lines.
#   cmake -DROOT=<source tree> -DLIMIT=<lines> -P check_line_limit.cmake
# Product sources are the .cpp / .hpp files under ROOT, except any path with a tests/ folder in it
# (tests/, plugins/<name>/tests/), the build trees (build*/ at the top) and hidden folders. Each
# file over the limit is named with its line count, longest first.
cmake_minimum_required(VERSION 3.25)
if(NOT ROOT OR NOT LIMIT)
  message(FATAL_ERROR "usage: cmake -DROOT=<source tree> -DLIMIT=<lines> -P check_line_limit.cmake")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/tree_files.cmake")
iglu_tree_files(files "${ROOT}" "cpp|hpp" "tests")
set(over "")
foreach(f IN LISTS files)
  # Lines as wc -l counts them: the newline characters.
  file(READ "${ROOT}/${f}" text)
  string(REGEX REPLACE "[^\n]" "" newlines "${text}")
  string(LENGTH "${newlines}" n)
  if(n GREATER LIMIT)
    # The count zero-padded in front, so that a descending sort puts the longest first.
    string(LENGTH "${n}" digits)
    math(EXPR width "10 - ${digits}")
    string(SUBSTRING "0000000000" 0 ${width} pad)
    list(APPEND over "${pad}${n} ${f}")
  endif()
endforeach()
list(LENGTH files checked)
if(over)
  list(SORT over ORDER DESCENDING)
  set(problems "")
  foreach(entry IN LISTS over)
    string(REGEX MATCH "^0*([0-9]+) (.*)$" _ "${entry}")
    string(APPEND problems "\n  ${CMAKE_MATCH_2}: ${CMAKE_MATCH_1} lines (limit ${LIMIT}): split it along its seams")
  endforeach()
  message(FATAL_ERROR "product source files over ${LIMIT} lines:${problems}")
endif()
message(STATUS "${checked} product source files, each at most ${LIMIT} lines")
