# cmake -DBENCH=gsync-bench -DTEST_GPU=test_gpu -DOUT=file -P gpu_prims.cmake: a CTest include file with
# one GPU test for each primitive of the mutex, sem and barrier tables, read from `gsync-bench list`
# (which needs no GPU), so that a primitive added to a table is tested without touching this file.
# test_gpu takes each one's expectation from its flags (PASS; or PASS or TIMEOUT for one published
# to hang; or FAIL or TIMEOUT for one published unordered).
execute_process(COMMAND "${BENCH}" list OUTPUT_VARIABLE listing RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gpu_prims.cmake: '${BENCH} list' failed (${rc})")
endif()
string(REPLACE "\n" ";" lines "${listing}")
set(body "")
set(count 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^([A-Za-z0-9]+) +(mutex|sem|barrier) ")
    set(name "${CMAKE_MATCH_1}")
    string(APPEND body "add_test([=[gpu_${name}]=] \"${TEST_GPU}\" \"${name}\")\n"
                       "set_tests_properties([=[gpu_${name}]=] PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)\n")
    math(EXPR count "${count} + 1")
  endif()
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "gpu_prims.cmake: no primitive of mutex, sem or barrier in '${BENCH} list'")
endif()
file(WRITE "${OUT}.tmp" "${body}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
