# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# No product source file grows past what one reader takes in (cmake -P, label unit): every .cpp
# and .h of model/, db/, ui/ and app/ has at most MAX_LINES lines (650: a file over ~600 lines has
# been doing more than one job each time we looked — docs/DECISIONS.md, "One house, second step").
# Split it along its seam rather than raising the limit. Tests are not counted.
#
# Inputs: -DSOURCE_DIR=... ; optionally -DMAX_LINES=N and -DEXTRA_FILE=<path> (a file checked as
# if it were a product source: the test that proves this check can fail).
cmake_minimum_required(VERSION 3.25)

if(NOT DEFINED MAX_LINES)
    set(MAX_LINES 650)
endif()
set(files "")
foreach(dir model db ui app)
    file(GLOB_RECURSE found LIST_DIRECTORIES false "${SOURCE_DIR}/${dir}/*.cpp" "${SOURCE_DIR}/${dir}/*.h")
    list(APPEND files ${found})
endforeach()
if(DEFINED EXTRA_FILE)
    list(APPEND files "${EXTRA_FILE}")
endif()
list(LENGTH files count)
if(count LESS 100)
    message(FATAL_ERROR "size check: only ${count} files found under ${SOURCE_DIR}: wrong folder?")
endif()
set(violations "")
set(largest 0)
foreach(path IN LISTS files)
    # Newlines, not file(STRINGS), which drops empty lines.
    file(READ "${path}" text)
    string(REGEX MATCHALL "\n" newlines "${text}")
    list(LENGTH newlines n)
    if(n GREATER largest)
        set(largest ${n})
        set(largest_path "${path}")
    endif()
    if(n GREATER MAX_LINES)
        file(RELATIVE_PATH name "${SOURCE_DIR}" "${path}")
        string(APPEND violations "\n  ${name}: ${n} lines")
    endif()
endforeach()
if(NOT violations STREQUAL "")
    message(FATAL_ERROR "product source files over ${MAX_LINES} lines (split them along their seams):${violations}")
endif()
file(RELATIVE_PATH name "${SOURCE_DIR}" "${largest_path}")
message(STATUS "${count} product source files, none over ${MAX_LINES} lines; the largest ${name} (${largest})")
