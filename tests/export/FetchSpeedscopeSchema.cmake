# SPDX-License-Identifier: GPL-3.0-or-later
# cmake -DNPM=... -DVERSION=... -DDIR=... -P FetchSpeedscopeSchema.cmake
# Unpacks speedscope's file-format schema from its npm package into DIR. A
# failure (offline registry) only warns: the schema test then skips.
file(MAKE_DIRECTORY "${DIR}")
execute_process(
  COMMAND "${NPM}" pack --silent --cache "${DIR}/npm-cache" "speedscope@${VERSION}"
  WORKING_DIRECTORY "${DIR}" RESULT_VARIABLE packed OUTPUT_QUIET)
if(NOT packed EQUAL 0)
  message(WARNING "speedscope ${VERSION} not fetched with npm: the schema test will be skipped")
  return()
endif()
execute_process(
  COMMAND "${CMAKE_COMMAND}" -E tar xzf "speedscope-${VERSION}.tgz" package/dist/release/file-format-schema.json
  WORKING_DIRECTORY "${DIR}" RESULT_VARIABLE unpacked)
if(NOT unpacked EQUAL 0)
  message(WARNING "speedscope-${VERSION}.tgz holds no file-format-schema.json: the schema test will be skipped")
endif()
