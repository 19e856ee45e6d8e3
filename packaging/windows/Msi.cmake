# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# The MSI: CPack's External generator runs this script (CPACK_EXTERNAL_PACKAGE_SCRIPT,
# set in Packaging.cmake) on the install CPack staged the same way as for the NSIS installer (same
# install rules, stripped, checked by CheckDlls.cmake), so both formats carry the same files:
#   cd build/windows-mingw && cpack -G External     (bash packaging/build-windows.sh does it)
# It writes boxoffice.wxs from boxoffice.wxs.in (one component per staged file, the Start-menu
# shortcuts of CPACK_PACKAGE_EXECUTABLES) and builds <CPACK_PACKAGE_FILE_NAME>.msi with wixl
# (Debian: wixl, packaging/install-deps.sh), a 64-bit package that installs to Program Files.
cmake_policy(SET CMP0057 NEW) # if(IN_LIST)

# wixl takes only relative source paths (an absolute one fails a GLib assertion): it runs in
# CPack's top folder, with the staged files below it and the icon copied beside them.
set(top "${CPACK_TOPLEVEL_DIRECTORY}")
set(stage "${CPACK_TEMPORARY_DIRECTORY}")
file(RELATIVE_PATH stage_from_top "${top}" "${stage}")
find_program(WIXL wixl)
if(NOT WIXL)
    message(FATAL_ERROR "wixl is missing (Debian package wixl, in packaging/install-deps.sh)")
endif()

# Stable identities: every component's GUID is derived from the UpgradeCode and its file's path
# (a file that stays where it is keeps its component, as Windows Installer wants), the
# ProductCode from the UpgradeCode and the version.
set(upgrade "${CPACK_BOXOFFICE_MSI_UPGRADE_CODE}")
string(UUID BOXOFFICE_MSI_PRODUCT_CODE NAMESPACE "${upgrade}" NAME "product ${CPACK_PACKAGE_VERSION}" TYPE SHA1 UPPER)
set(BOXOFFICE_MSI_UPGRADE_CODE "${upgrade}")

# A WiX id from a relative path: letters, digits and _ only, unique, at most 72 characters.
set(used_ids "")
function(boxoffice_msi_id prefix path out)
    string(MAKE_C_IDENTIFIER "${path}" id)
    set(id "${prefix}_${id}")
    string(LENGTH "${id}" length)
    if(id IN_LIST used_ids OR length GREATER 72)
        message(FATAL_ERROR "Msi.cmake: ${path} makes the id ${id}, taken already or too long")
    endif()
    set(used_ids ${used_ids} ${id} PARENT_SCOPE)
    set(${out} ${id} PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE "${stage}" "${stage}/*")
list(SORT files)
if(NOT files)
    message(FATAL_ERROR "Msi.cmake: nothing staged in ${stage}")
endif()
set(dirs "")
foreach(file IN LISTS files)
    cmake_path(GET file PARENT_PATH dir)
    while(NOT dir STREQUAL "")
        list(APPEND dirs "${dir}")
        cmake_path(GET dir PARENT_PATH dir)
    endwhile()
endforeach()
list(REMOVE_DUPLICATES dirs)
list(SORT dirs)

# The folder tree under INSTALLDIR, each file a component of its own in its folder.
set(xml "")
set(refs "")
function(boxoffice_msi_folder dir indent)
    foreach(file IN LISTS files)
        cmake_path(GET file PARENT_PATH parent)
        if(NOT parent STREQUAL dir)
            continue()
        endif()
        cmake_path(GET file FILENAME name)
        boxoffice_msi_id(c "${file}" cid)
        boxoffice_msi_id(f "${file}" fid)
        string(UUID guid NAMESPACE "${upgrade}" NAME "component ${file}" TYPE SHA1 UPPER)
        string(APPEND xml "${indent}<Component Id=\"${cid}\" Guid=\"${guid}\" Win64=\"yes\">\n"
                          "${indent}  <File Id=\"${fid}\" Name=\"${name}\" Source=\"${stage_from_top}/${file}\" KeyPath=\"yes\"/>\n"
                          "${indent}</Component>\n")
        string(APPEND refs "      <ComponentRef Id=\"${cid}\"/>\n")
    endforeach()
    foreach(sub IN LISTS dirs)
        cmake_path(GET sub PARENT_PATH parent)
        if(NOT parent STREQUAL dir)
            continue()
        endif()
        cmake_path(GET sub FILENAME name)
        boxoffice_msi_id(d "${sub}" did)
        string(APPEND xml "${indent}<Directory Id=\"${did}\" Name=\"${name}\">\n")
        boxoffice_msi_folder("${sub}" "${indent}  ")
        string(APPEND xml "${indent}</Directory>\n")
    endforeach()
    set(xml "${xml}" PARENT_SCOPE)
    set(refs "${refs}" PARENT_SCOPE)
    set(used_ids ${used_ids} PARENT_SCOPE)
endfunction()
boxoffice_msi_folder("" "          ")
string(REGEX REPLACE "\n$" "" BOXOFFICE_MSI_DIRECTORIES "${xml}")
string(REGEX REPLACE "\n$" "" BOXOFFICE_MSI_COMPONENT_REFS "${refs}")

# Start menu: the same executables as the NSIS installer's (CPACK_PACKAGE_EXECUTABLES: pairs of
# executable name and shortcut text), each with the program icon.
set(shortcuts "")
set(pairs ${CPACK_PACKAGE_EXECUTABLES})
list(LENGTH pairs count)
math(EXPR last "${count} - 1")
foreach(i RANGE 0 ${last} 2)
    math(EXPR j "${i} + 1")
    list(GET pairs ${i} exe)
    list(GET pairs ${j} text)
    if(NOT "${exe}.exe" IN_LIST files)
        message(FATAL_ERROR "Msi.cmake: the shortcut '${text}' names ${exe}.exe, which is not staged")
    endif()
    boxoffice_msi_id(s "${exe}" sid)
    string(APPEND shortcuts "            <Shortcut Id=\"${sid}\" Name=\"${text}\" Target=\"[INSTALLDIR]${exe}.exe\""
                            " WorkingDirectory=\"INSTALLDIR\" Icon=\"boxoffice.ico\"/>\n")
endforeach()
string(REGEX REPLACE "\n$" "" BOXOFFICE_MSI_SHORTCUTS "${shortcuts}")
file(COPY_FILE "${CPACK_BOXOFFICE_MSI_ICON}" "${top}/boxoffice.ico")
set(BOXOFFICE_MSI_ICON "boxoffice.ico")

set(wxs "${top}/boxoffice.wxs")
set(msi "${top}/${CPACK_PACKAGE_FILE_NAME}.msi")
configure_file("${CPACK_BOXOFFICE_MSI_TEMPLATE}" "${wxs}" @ONLY)
file(REMOVE "${msi}")
execute_process(COMMAND "${WIXL}" --arch x64 --output "${msi}" boxoffice.wxs WORKING_DIRECTORY "${top}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT EXISTS "${msi}")
    message(FATAL_ERROR "wixl failed (${rc}) on ${wxs}")
endif()
list(LENGTH files count)
message(STATUS "Msi.cmake: ${msi}, ${count} files, ProductCode ${BOXOFFICE_MSI_PRODUCT_CODE}")
set(CPACK_EXTERNAL_BUILT_PACKAGES "${msi}")
