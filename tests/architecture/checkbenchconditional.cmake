# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# The bench's `conditional` strategy is the project's own code path: its client must
# reach the database only through the one sale workflow, bo::CheckedSeatCommands over bo::SeatStore,
# never with SQL of its own, or the benchmark would measure something the app does not run.
#
# Inputs: -DSOURCE_DIR=... ; optionally -DCLIENT=<stem> to check another client's files as if
# they were the conditional one (the test that proves this check can fail).
cmake_minimum_required(VERSION 3.25)

if(NOT DEFINED CLIENT)
    set(CLIENT "${SOURCE_DIR}/app/tools/bench/conditionalclient")
endif()
set(violations "")
file(READ "${CLIENT}.h" header)
file(READ "${CLIENT}.cpp" source)
set(both "${header}\n${source}")

foreach(needed "#include \"model/sale/checkedseatcommands.h\"" "#include \"db/seatstore.h\"")
    string(FIND "${header}" "${needed}" at)
    if(at EQUAL -1)
        string(APPEND violations "\n  ${CLIENT}.h: does not have ${needed}")
    endif()
endforeach()
foreach(call "m_service.hold(" "m_service.release(" "m_service.confirm(")
    string(FIND "${source}" "${call}" at)
    if(at EQUAL -1)
        string(APPEND violations "\n  ${CLIENT}.cpp: the hold, release and confirm go through CheckedSeatCommands (${call} missing)")
    endif()
endforeach()
string(FIND "${both}" "sqlclient.h" at)
if(NOT at EQUAL -1)
    string(APPEND violations "\n  ${CLIENT}: includes sqlclient.h, the competitors' own SQL")
endif()
if(both MATCHES "\"[^\"\n]*(SELECT|UPDATE|INSERT|DELETE|BEGIN|COMMIT)[ \t;][^\"\n]*\"")
    string(APPEND violations "\n  ${CLIENT}: SQL text: ${CMAKE_MATCH_0}")
endif()
if(both MATCHES "(->|\\.)(exec|execScript|begin|commit|rollback)\\(")
    string(APPEND violations "\n  ${CLIENT}: sends statements itself (${CMAKE_MATCH_0})")
endif()

if(NOT violations STREQUAL "")
    message(FATAL_ERROR "conditional must go through CheckedSeatCommands over SeatStore:${violations}")
endif()
message(STATUS "conditional goes through CheckedSeatCommands over SeatStore (${CLIENT})")
