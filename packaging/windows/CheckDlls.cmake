# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# Run by CPack (CPACK_PRE_BUILD_SCRIPTS) on the staged Windows install: every .exe and .dll must
# import only DLLs that are shipped beside it or are part of Windows itself; anything else fails
# the package, so a DLL missing from Packaging.cmake's list never reaches a user as a start-up error.
# Also usable alone: cmake -DDIR=<staged folder> -DBOXOFFICE_OBJDUMP=x86_64-w64-mingw32-objdump -P CheckDlls.cmake
cmake_policy(SET CMP0057 NEW) # if(IN_LIST)
if(NOT DIR)
    set(DIR "${CPACK_TEMPORARY_INSTALL_DIRECTORY}")
endif()
if(NOT BOXOFFICE_OBJDUMP)
    set(BOXOFFICE_OBJDUMP "${CPACK_BOXOFFICE_OBJDUMP}")
endif()
if(NOT BOXOFFICE_OBJDUMP)
    set(BOXOFFICE_OBJDUMP x86_64-w64-mingw32-objdump)
endif()
# Windows' own DLLs (lower case) that Qt, libpq, OpenSSL and the MinGW runtime import.
set(system_dlls
    advapi32.dll authz.dll bcrypt.dll comdlg32.dll crypt32.dll d3d11.dll d3d9.dll dnsapi.dll dwmapi.dll
    dwrite.dll dxgi.dll gdi32.dll imm32.dll iphlpapi.dll kernel32.dll mpr.dll msvcrt.dll netapi32.dll
    ole32.dll oleaut32.dll secur32.dll shcore.dll shell32.dll shlwapi.dll user32.dll userenv.dll
    uxtheme.dll version.dll winhttp.dll winmm.dll winspool.drv ws2_32.dll wtsapi32.dll)

file(GLOB_RECURSE binaries "${DIR}/*.exe" "${DIR}/*.dll")
list(FILTER binaries EXCLUDE REGEX "/[Uu]ninstall\\.exe$")
set(shipped "")
foreach(binary IN LISTS binaries)
    cmake_path(GET binary FILENAME name)
    string(TOLOWER "${name}" name)
    list(APPEND shipped "${name}")
endforeach()
set(problems "")
set(count 0)
foreach(binary IN LISTS binaries)
    execute_process(COMMAND "${BOXOFFICE_OBJDUMP}" -p "${binary}" OUTPUT_VARIABLE dump RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        string(APPEND problems "  ${binary}: objdump failed (${rc})\n")
        continue()
    endif()
    math(EXPR count "${count} + 1")
    string(REGEX MATCHALL "DLL Name: [^\r\n]+" imports "${dump}")
    foreach(import IN LISTS imports)
        string(REGEX REPLACE "DLL Name: " "" dll "${import}")
        string(STRIP "${dll}" dll)
        string(TOLOWER "${dll}" dll)
        if(dll IN_LIST shipped OR dll IN_LIST system_dlls OR dll MATCHES "^api-ms-win-")
            continue()
        endif()
        string(REPLACE "${DIR}/" "" relative "${binary}")
        string(APPEND problems "  ${relative} imports ${dll}: neither shipped nor a Windows DLL\n")
    endforeach()
endforeach()
if(count EQUAL 0)
    message(FATAL_ERROR "CheckDlls: no .exe or .dll in ${DIR}")
endif()
if(problems)
    message(FATAL_ERROR "CheckDlls: the Windows install misses DLLs:\n${problems}")
endif()
message(STATUS "CheckDlls: ${count} executables and DLLs in ${DIR} import only shipped or Windows DLLs")
