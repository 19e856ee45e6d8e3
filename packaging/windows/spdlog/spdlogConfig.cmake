# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# spdlog::spdlog for the Windows cross build (packaging/windows/toolchain.cmake points spdlog_DIR
# here): Debian's spdlog 1.10 and fmt 9 headers (libspdlog-dev, libfmt-dev) used header-only, so no
# MinGW build of either library is needed. Only the two header folders are put on the include path
# (through links in the build tree), never /usr/include, whose C library headers are Linux's.
set(_bo_headers "${CMAKE_BINARY_DIR}/host-headers")
foreach(_bo_lib spdlog fmt)
    if(NOT EXISTS "/usr/include/${_bo_lib}")
        set(spdlog_FOUND FALSE)
        set(spdlog_NOT_FOUND_MESSAGE "/usr/include/${_bo_lib} is missing: install libspdlog-dev and libfmt-dev")
        return()
    endif()
    if(NOT EXISTS "${_bo_headers}/${_bo_lib}")
        file(MAKE_DIRECTORY "${_bo_headers}")
        file(CREATE_LINK "/usr/include/${_bo_lib}" "${_bo_headers}/${_bo_lib}" SYMBOLIC)
    endif()
endforeach()
file(STRINGS "/usr/include/spdlog/version.h" _bo_version REGEX "#define SPDLOG_VER_(MAJOR|MINOR|PATCH)")
string(REGEX REPLACE ".*MAJOR ([0-9]+).*MINOR ([0-9]+).*PATCH ([0-9]+).*" "\\1.\\2.\\3" spdlog_VERSION "${_bo_version}")
if(NOT TARGET spdlog::spdlog)
    add_library(spdlog::spdlog INTERFACE IMPORTED)
    # SYSTEM: their own warnings are not ours (the build treats warnings as errors).
    set_target_properties(spdlog::spdlog PROPERTIES
        INTERFACE_INCLUDE_DIRECTORIES "${_bo_headers}"
        INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${_bo_headers}"
        INTERFACE_COMPILE_DEFINITIONS "SPDLOG_FMT_EXTERNAL;FMT_HEADER_ONLY")
endif()
set(spdlog_FOUND TRUE)
