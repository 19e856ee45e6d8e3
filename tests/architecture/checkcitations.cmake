# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Every reference resolves inside the repository (cmake -P, label unit). A comment that cites
# "ARCHITECTURE §N" (or docs/ARCHITECTURE.md §N) names a section docs/ARCHITECTURE.md has; a path
# docs/NAME.md names a file that exists, and so does a source path (model/..., db/..., tests/...); and nothing cites a document the repository does not
# hold (the team's DESIGN.md and STYLE.md stayed outside it: docs/ARCHITECTURE.md says what they
# said, under the same section numbers). The numbered migrations are history, applied by checksum,
# and keep their words; they are not read.
#
# Inputs: -DSOURCE_DIR=... ; optionally -DEXTRA_FILE=<path> to read one more file as if it were in
# the tree (the test that proves this check can fail).
cmake_minimum_required(VERSION 3.25)

file(READ "${SOURCE_DIR}/docs/ARCHITECTURE.md" architecture)
string(REGEX MATCHALL "\n## [0-9]+\\." headings "\n${architecture}")
set(sections "")
foreach(heading IN LISTS headings)
    string(REGEX REPLACE "\n## ([0-9]+)\\." "\\1" number "${heading}")
    list(APPEND sections "${number}")
endforeach()
if(NOT sections)
    message(FATAL_ERROR "docs/ARCHITECTURE.md has no numbered sections (## N. Title)")
endif()

set(files "")
foreach(dir app db/functions model ui tests packaging docs resources .ci)
    file(GLOB_RECURSE found LIST_DIRECTORIES false
        "${SOURCE_DIR}/${dir}/*.cpp" "${SOURCE_DIR}/${dir}/*.h" "${SOURCE_DIR}/${dir}/*.sql"
        "${SOURCE_DIR}/${dir}/*.md" "${SOURCE_DIR}/${dir}/*.cmake" "${SOURCE_DIR}/${dir}/*.sh"
        "${SOURCE_DIR}/${dir}/*.txt" "${SOURCE_DIR}/${dir}/*.h2m" "${SOURCE_DIR}/${dir}/run")
    list(APPEND files ${found})
endforeach()
file(GLOB db_sources "${SOURCE_DIR}/db/*.cpp" "${SOURCE_DIR}/db/*.h")
list(APPEND files ${db_sources} "${SOURCE_DIR}/README.md" "${SOURCE_DIR}/CONTRIBUTING.md"
    "${SOURCE_DIR}/CMakeLists.txt")
if(DEFINED EXTRA_FILE)
    list(APPEND files "${EXTRA_FILE}")
endif()
# This file names what it refuses.
list(REMOVE_ITEM files "${CMAKE_CURRENT_LIST_FILE}")

set(violations "")
set(checked 0)
foreach(path IN LISTS files)
    if(NOT EXISTS "${path}")
        continue()
    endif()
    file(STRINGS "${path}" lines ENCODING UTF-8)
    file(RELATIVE_PATH name "${SOURCE_DIR}" "${path}")
    foreach(line IN LISTS lines)
        foreach(outside "DESIGN(\\.md|:| §| section)" "STYLE\\.md" "ecosystem\\.md")
            if(line MATCHES "${outside}")
                string(APPEND violations "\n  ${name}: cites a document outside the repository (${CMAKE_MATCH_0}): ${line}")
            endif()
        endforeach()
        # An issue number means nothing to whoever clones the repository: the code says why. The
        # documents keep theirs (DECISIONS is the history of what each issue decided).
        if(NOT name MATCHES "\\.md$" AND line MATCHES "[Ii]ssues? #?[0-9]+")
            string(APPEND violations "\n  ${name}: names an issue (${CMAKE_MATCH_0}) instead of the reason: ${line}")
        endif()
        string(REGEX MATCHALL "ARCHITECTURE(\\.md)? §[0-9]+" cited "${line}")
        foreach(citation IN LISTS cited)
            math(EXPR checked "${checked} + 1")
            string(REGEX REPLACE ".*§([0-9]+)" "\\1" section "${citation}")
            if(NOT section IN_LIST sections)
                string(APPEND violations "\n  ${name}: ${citation}: docs/ARCHITECTURE.md has no section ${section}")
            endif()
        endforeach()
        # A source path (model/sale/saleflow.h, tests/db/tst_refunds.cpp, ...) names a file that
        # exists, from the top of the repository or from the citing file's folder: moving a file
        # leaves no comment or document pointing at where it was.
        string(REGEX REPLACE "[;\\\\]" " " plain "${line}")
        string(REGEX MATCHALL "(^|[^A-Za-z0-9_/.-])(model|db|ui|app|tests|packaging|resources)/[a-z0-9_/.-]*[a-z0-9_]\\.(h|cpp|sql|cmake|sh|py)([^A-Za-z0-9_.]|[.]([^A-Za-z0-9_]|$)|$)" sources "${plain}")
        foreach(source IN LISTS sources)
            string(REGEX REPLACE "^[^a-z]" "" source "${source}")
            string(REGEX REPLACE "[^A-Za-z0-9_]+$" "" source "${source}")
            math(EXPR checked "${checked} + 1")
            get_filename_component(folder "${path}" DIRECTORY)
            if(NOT EXISTS "${SOURCE_DIR}/${source}" AND NOT EXISTS "${folder}/${source}")
                string(APPEND violations "\n  ${name}: ${source} does not exist")
            endif()
        endforeach()
        string(REGEX MATCHALL "docs/[A-Za-z0-9_-]+\\.md" documents "${line}")
        foreach(document IN LISTS documents)
            math(EXPR checked "${checked} + 1")
            if(NOT EXISTS "${SOURCE_DIR}/${document}")
                string(APPEND violations "\n  ${name}: ${document} does not exist")
            endif()
        endforeach()
    endforeach()
endforeach()

if(violations)
    message(FATAL_ERROR "References that do not resolve inside the repository:${violations}")
endif()
list(LENGTH files count)
message(STATUS "${checked} references in ${count} files resolve")
