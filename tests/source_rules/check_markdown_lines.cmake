# The README rule of the codebase (cmake -P, tests/source_rules/CMakeLists.txt): Markdown is written
# as tables of short cells, so no line of a Markdown file is longer than LIMIT characters.
#   cmake -DROOT=<source tree> -DLIMIT=<characters> -P check_markdown_lines.cmake
# The files are the .md files under ROOT except the build trees (build*/ at the top) and hidden
# folders. Characters are counted as UTF-8 code points. Each long line is named file:line with its
# length.
cmake_minimum_required(VERSION 3.25)
if(NOT ROOT OR NOT LIMIT)
  message(FATAL_ERROR "usage: cmake -DROOT=<source tree> -DLIMIT=<characters> -P check_markdown_lines.cmake")
endif()
include("${CMAKE_CURRENT_LIST_DIR}/tree_files.cmake")
iglu_tree_files(files "${ROOT}" "md" "")
set(problems "")
foreach(f IN LISTS files)
  file(READ "${ROOT}/${f}" text)
  # CMake lists split on ';' and keep '[...]' together: swap those bytes for others of one byte,
  # which keeps every line's length, then one list element per line.
  string(REPLACE ";" "," text "${text}")
  string(REPLACE "[" "(" text "${text}")
  string(REPLACE "]" ")" text "${text}")
  string(REPLACE "\\" "/" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    string(LENGTH "${line}" bytes)
    if(bytes GREATER LIMIT)
      # Code points = bytes minus the UTF-8 continuation bytes (0x80..0xBF).
      string(HEX "${line}" hex)
      string(REGEX REPLACE "(..)" "\\1 " hex "${hex}")
      string(REGEX MATCHALL "[89ab][0-9a-f] " continuation "${hex}")
      list(LENGTH continuation extra)
      math(EXPR chars "${bytes} - ${extra}")
      if(chars GREATER LIMIT)
        string(APPEND problems "\n  ${f}:${number}: ${chars} characters (limit ${LIMIT})")
      endif()
    endif()
  endforeach()
endforeach()
list(LENGTH files checked)
if(problems)
  message(FATAL_ERROR "Markdown lines over ${LIMIT} characters (split the cell into continuation rows "
    "'| | ... |' or a list under the table):${problems}")
endif()
message(STATUS "${checked} Markdown files, every line at most ${LIMIT} characters")
