# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# The Windows installer, included by packaging/CMakeLists.txt (which holds what every
# installer shares and includes CPack after this file): a 64-bit NSIS installer made by CPack from
# the cross build (preset windows-mingw, bash packaging/build-windows.sh). A cross build has no
# windeployqt, so what goes beside the executables is listed here by name, and CheckDlls.cmake (run by CPack before
# it packs) refuses any executable or DLL that imports a DLL neither shipped nor part of Windows.

set(BOXOFFICE_WINDOWS_BINDIR "${CMAKE_INSTALL_BINDIR}")
if(BOXOFFICE_WINDOWS_BINDIR STREQUAL "")
    set(BOXOFFICE_WINDOWS_BINDIR ".")
endif()

# Qt modules the executables import, libpq and the OpenSSL it speaks TLS with, libsodium and
# libqrencode (tickets), Qt PrintSupport (the counter's printing; Windows' printer support is
# inside it in Qt 6, no plugin), and the MinGW runtime.
set(BOXOFFICE_WINDOWS_DLLS
    Qt6Core.dll Qt6Gui.dll Qt6Widgets.dll Qt6Network.dll Qt6Sql.dll Qt6PrintSupport.dll
    libpq.dll libssl-3-x64.dll libcrypto-3-x64.dll
    libsodium-23.dll libqrencode.dll
    libstdc++-6.dll libgcc_s_seh-1.dll libwinpthread-1.dll)
# Qt plugins, in the folders Qt looks for beside the executable: the window system, the
# PostgreSQL driver, the native style and Windows' own TLS for Qt Network.
set(BOXOFFICE_WINDOWS_PLUGINS
    platforms/qwindows.dll sqldrivers/qsqlpsql.dll styles/qwindowsvistastyle.dll tls/qschannelbackend.dll)

foreach(dll IN LISTS BOXOFFICE_WINDOWS_DLLS)
    install(FILES "${QT6_INSTALL_PREFIX}/bin/${dll}" DESTINATION "${BOXOFFICE_WINDOWS_BINDIR}")
endforeach()
foreach(plugin IN LISTS BOXOFFICE_WINDOWS_PLUGINS)
    cmake_path(GET plugin PARENT_PATH folder)
    install(FILES "${QT6_INSTALL_PREFIX}/plugins/${plugin}" DESTINATION "${BOXOFFICE_WINDOWS_BINDIR}/${folder}")
endforeach()
# The prefix's DLLs keep their debug information (libstdc++ alone is 23 MB with it); the installed
# copies lose it, as the executables do (CPACK_STRIP_FILES). Exports are not symbols in a PE file,
# so --strip-unneeded leaves them intact.
set(shipped "")
foreach(file IN LISTS BOXOFFICE_WINDOWS_DLLS BOXOFFICE_WINDOWS_PLUGINS)
    string(APPEND shipped " \"${BOXOFFICE_WINDOWS_BINDIR}/${file}\"")
endforeach()
install(CODE "
    foreach(file ${shipped})
        execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-unneeded \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/\${file}\"
                        RESULT_VARIABLE rc)
        if(NOT rc EQUAL 0)
            message(FATAL_ERROR \"strip \${file} failed: \${rc}\")
        endif()
    endforeach()")
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "." RENAME LICENSE.txt)

set(CPACK_GENERATOR NSIS)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Cinema box office: counter till and ops tool")
set(CPACK_PACKAGE_FILE_NAME "boxoffice-${PROJECT_VERSION}-win64")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "Box office")
set(CPACK_PACKAGE_INSTALL_REGISTRY_KEY "Box office")
set(CPACK_NSIS_PACKAGE_NAME "Box office")
set(CPACK_NSIS_DISPLAY_NAME "Box office ${PROJECT_VERSION}")
# Add/Remove Programs shows the version (DisplayVersion) and CPACK_PACKAGE_VENDOR (Publisher).
set(CPACK_NSIS_CONTACT "Box office developers")
set(CPACK_NSIS_INSTALL_ROOT "$PROGRAMFILES64")
set(CPACK_NSIS_EXECUTABLE "${CMAKE_CURRENT_LIST_DIR}/makensis-amd64.sh")
set(CPACK_NSIS_COMPRESSOR "/SOLID lzma")
set(CPACK_NSIS_MANIFEST_DPI_AWARE ON)
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_UNINSTALL_NAME "Uninstall")
# Start menu: the counter app, the door, the kiosk and the uninstaller (CPack adds it beside the
# shortcuts). The MSI makes the same shortcuts from this list (Msi.cmake).
set(CPACK_PACKAGE_EXECUTABLES "boxoffice" "Box office" "boxoffice-door" "Box office door" "boxoffice-kiosk"
    "Box office kiosk")
set(CPACK_NSIS_EXECUTABLES_DIRECTORY "${BOXOFFICE_WINDOWS_BINDIR}")
if(BOXOFFICE_WINDOWS_BINDIR STREQUAL ".")
    set(CPACK_NSIS_INSTALLED_ICON_NAME "boxoffice.exe")
else()
    set(CPACK_NSIS_INSTALLED_ICON_NAME "${BOXOFFICE_WINDOWS_BINDIR}\\\\boxoffice.exe")
endif()
if(EXISTS "${PROJECT_SOURCE_DIR}/resources/icons/boxoffice.ico")
    set(CPACK_NSIS_MUI_ICON "${PROJECT_SOURCE_DIR}/resources/icons/boxoffice.ico")
    set(CPACK_NSIS_MUI_UNIICON "${PROJECT_SOURCE_DIR}/resources/icons/boxoffice.ico")
endif()
set(CPACK_PRE_BUILD_SCRIPTS "${CMAKE_CURRENT_LIST_DIR}/CheckDlls.cmake")

# The second format, an MSI (cpack -G External): CPack stages the install as for NSIS (the same
# strip and CheckDlls), then Msi.cmake builds it with wixl. The UpgradeCode is this product's for
# good: a newer MSI with the same one replaces the older (MajorUpgrade); never change it.
set(CPACK_EXTERNAL_PACKAGE_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/Msi.cmake")
set(CPACK_EXTERNAL_ENABLE_STAGING ON)
set(CPACK_BOXOFFICE_MSI_TEMPLATE "${CMAKE_CURRENT_LIST_DIR}/boxoffice.wxs.in")
set(CPACK_BOXOFFICE_MSI_ICON "${PROJECT_SOURCE_DIR}/resources/icons/boxoffice.ico")
set(CPACK_BOXOFFICE_MSI_UPGRADE_CODE "EBD649B3-8474-4791-92FE-9E67F0DC491F")
set(CPACK_BOXOFFICE_OBJDUMP "${CMAKE_OBJDUMP}")
