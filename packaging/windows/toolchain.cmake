# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# The toolchain of the `windows-mingw` preset: the Qt 6.4.2 MinGW-w64 prefix (Qt base, libpq,
# libsodium, libqrencode, the MinGW runtime; BUILD-INFO.txt inside says what it is), unpacked once
# into build/toolchains/ from ../shared/toolchains/qt6.4.2-mingw64.tar.xz beside the repository,
# or from the tarball BOXOFFICE_QT_MINGW_TARBALL names. Qt's own toolchain file then chain-loads the
# compiler settings (x86_64-w64-mingw32-*-posix) from inside the prefix.
cmake_path(GET CMAKE_CURRENT_LIST_DIR PARENT_PATH _bo_packaging)
cmake_path(GET _bo_packaging PARENT_PATH _bo_repo)
set(_bo_cache "${_bo_repo}/build/toolchains")
set(BOXOFFICE_QT_MINGW_PREFIX "${_bo_cache}/qt6.4.2-mingw64")

if(NOT EXISTS "${BOXOFFICE_QT_MINGW_PREFIX}/lib/cmake/Qt6/qt.toolchain.cmake")
    if(DEFINED ENV{BOXOFFICE_QT_MINGW_TARBALL})
        set(_bo_tarball "$ENV{BOXOFFICE_QT_MINGW_TARBALL}")
    else()
        cmake_path(GET _bo_repo PARENT_PATH _bo_parent)
        set(_bo_tarball "${_bo_parent}/shared/toolchains/qt6.4.2-mingw64.tar.xz")
    endif()
    if(NOT EXISTS "${_bo_tarball}")
        message(FATAL_ERROR "The Qt MinGW prefix is not unpacked in ${_bo_cache} and its tarball "
                            "${_bo_tarball} is missing: set BOXOFFICE_QT_MINGW_TARBALL to "
                            "qt6.4.2-mingw64.tar.xz (made by build-qt6-mingw.sh).")
    endif()
    message(STATUS "Unpacking ${_bo_tarball} into ${_bo_cache}")
    file(MAKE_DIRECTORY "${_bo_cache}")
    # Into a scratch folder first, so an interrupted unpack never looks like a finished one.
    file(REMOVE_RECURSE "${_bo_cache}/unpacking")
    file(MAKE_DIRECTORY "${_bo_cache}/unpacking")
    execute_process(COMMAND ${CMAKE_COMMAND} -E tar xf "${_bo_tarball}"
                    WORKING_DIRECTORY "${_bo_cache}/unpacking" RESULT_VARIABLE _bo_rc)
    if(NOT _bo_rc EQUAL 0)
        message(FATAL_ERROR "Unpacking ${_bo_tarball} failed: ${_bo_rc}")
    endif()
    file(REMOVE_RECURSE "${BOXOFFICE_QT_MINGW_PREFIX}")
    file(RENAME "${_bo_cache}/unpacking/qt6.4.2-mingw64" "${BOXOFFICE_QT_MINGW_PREFIX}")
    file(REMOVE_RECURSE "${_bo_cache}/unpacking")
endif()

# Qt's host tools (moc, rcc, uic, lrelease, lupdate) are Debian's own 6.4.2.
set(QT_HOST_PATH "/usr" CACHE PATH "Host Qt for the cross build's tools")
set(QT_HOST_PATH_CMAKE_DIR "/usr/lib/x86_64-linux-gnu/cmake" CACHE PATH "Host Qt's CMake packages")
# spdlog: the host's header-only spdlog and fmt (packaging/windows/spdlog/spdlogConfig.cmake).
set(spdlog_DIR "${CMAKE_CURRENT_LIST_DIR}/spdlog" CACHE PATH "spdlog for the Windows cross build")

include("${BOXOFFICE_QT_MINGW_PREFIX}/lib/cmake/Qt6/qt.toolchain.cmake")

# pkg-config answers for the prefix, never for this machine: libsodium and libqrencode (tickets,
# app/CMakeLists.txt) have their .pc files in the prefix (relative to the file, so the unpacked
# prefix needs no rewriting). Set here, not in the project, so every pkg_check_modules() of the
# cross build sees the same; this machine's own .pc files would name Linux libraries.
set(ENV{PKG_CONFIG_LIBDIR} "${BOXOFFICE_QT_MINGW_PREFIX}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")

# ctest runs the cross-built tests under wine (packaging/windows/wine-run.sh puts the prefix's
# DLLs on WINEPATH); only the unit-labelled tests are built for Windows (tests/CMakeLists.txt).
set(CMAKE_CROSSCOMPILING_EMULATOR "${CMAKE_CURRENT_LIST_DIR}/wine-run.sh;${BOXOFFICE_QT_MINGW_PREFIX}"
    CACHE STRING "Runs the cross-built tests under wine")
