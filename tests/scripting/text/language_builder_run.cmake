# The language builder on the bundled single-turn tasks (examples/data), target hidden: imports
# them into a fresh catalog, runs examples/experiments/language_builder.lua and checks that every
# episode ran without error and that it built something (mean F1 above the do-nothing agent's).
# cmake -DIGLU=... -DSRC=... -DWORK=... -P language_builder_run.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${IGLU}" import singleturn "${SRC}/examples/data/iglu-singleturn" --db "${WORK}/lb.db"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "iglu import failed: ${rc}")
endif()
execute_process(COMMAND "${IGLU}" run "${SRC}/examples/experiments/language_builder.lua" --db "${WORK}/lb.db" --json --quiet
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "iglu run failed (${rc}): ${err}")
endif()
string(JSON episodes GET "${out}" episodes)
string(JSON errors GET "${out}" errors)
string(JSON f1 GET "${out}" mean_f1)
string(JSON base GET "${out}" baseline mean_f1)
message(STATUS "language builder: ${episodes} episodes, ${errors} errors, mean F1 ${f1} (do-nothing ${base})")
if(episodes LESS 1 OR NOT errors EQUAL 0)
  message(FATAL_ERROR "expected episodes without errors: ${out}")
endif()
if(NOT f1 GREATER base)
  message(FATAL_ERROR "the language builder should beat the do-nothing agent: ${f1} <= ${base}")
endif()
