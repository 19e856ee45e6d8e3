# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
#
# The Debian package (CPack DEB). Included by packaging/CMakeLists.txt on Linux.
# Besides the programs it installs, under FHS paths only:
#   share/applications/org.boxoffice.{Counter,Door,Kiosk}.desktop, share/metainfo/…metainfo.xml (AppStream)
#   share/icons/hicolor/{16x16…256x256,scalable}/apps/org.boxoffice.Counter.{png,svg}
#   share/man/man1/boxoffice{,-admin,-bench,-door,-kiosk,-paysim,-service,-web}.1.gz (help2man, from each program's --help)
#   share/doc/boxoffice/{copyright,changelog.Debian.gz,OPERATIONS.md.gz,PAYMENTS.md.gz,examples/}
# The PNG icons and man pages are made at build time (rsvg-convert, help2man: both in
# packaging/install-deps.sh) when BOXOFFICE_PACKAGING is ON, as in the `release` preset.

option(BOXOFFICE_PACKAGING "Build the man pages and icons the Linux package ships (needs help2man, rsvg-convert)" OFF)
set(BOXOFFICE_APP_ID "org.boxoffice.Counter")
set(BOXOFFICE_SCREENSHOT_BASE_URL "https://boxoffice.example.org/screenshots"
    CACHE STRING "Where docs/screenshots/ are published (the AppStream metainfo's screenshot URLs)")

set(linux_src ${CMAKE_CURRENT_LIST_DIR})
set(linux_out ${CMAKE_CURRENT_BINARY_DIR}/linux)
set(doc_dir ${CMAKE_INSTALL_DATADIR}/doc/${CPACK_PACKAGE_NAME})
set(CMAKE_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

# Static files.
configure_file(${linux_src}/${BOXOFFICE_APP_ID}.metainfo.xml.in ${linux_out}/${BOXOFFICE_APP_ID}.metainfo.xml @ONLY)
install(FILES ${linux_src}/${BOXOFFICE_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
# The door's own entry (a door PC runs it full screen from its unit; the entry starts it by hand).
install(FILES ${linux_src}/org.boxoffice.Door.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
# The kiosk's (a kiosk PC runs it in cage from its unit, docs/KIOSK.md).
install(FILES ${linux_src}/org.boxoffice.Kiosk.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${linux_out}/${BOXOFFICE_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/boxoffice.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${BOXOFFICE_APP_ID}.svg)
install(FILES ${linux_src}/copyright DESTINATION ${doc_dir})
# Site roles: examples, not enabled units (each needs a site's user and settings first).
install(FILES ${linux_src}/systemd/boxoffice-kiosk.service ${linux_src}/systemd/boxoffice-door.service
        ${linux_src}/systemd/boxoffice-web@.service
        DESTINATION ${doc_dir}/examples/systemd)
install(FILES ${linux_src}/nginx-boxoffice.conf DESTINATION ${doc_dir}/examples/nginx)

if(BOXOFFICE_PACKAGING)
    find_program(BOXOFFICE_RSVG_CONVERT rsvg-convert REQUIRED)
    find_program(BOXOFFICE_HELP2MAN help2man REQUIRED)
    find_program(BOXOFFICE_GZIP gzip REQUIRED)
    set(generated)

    # Icons: PNG renders of the one SVG in the hicolor sizes.
    foreach(size 16 22 24 32 48 64 128 256)
        set(png ${linux_out}/icons/${size}x${size}/${BOXOFFICE_APP_ID}.png)
        add_custom_command(OUTPUT ${png}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${linux_out}/icons/${size}x${size}
            COMMAND ${BOXOFFICE_RSVG_CONVERT} -w ${size} -h ${size} -o ${png}
                    ${PROJECT_SOURCE_DIR}/resources/icons/boxoffice.svg
            DEPENDS ${PROJECT_SOURCE_DIR}/resources/icons/boxoffice.svg
            COMMENT "Rendering the ${size}x${size} icon" VERBATIM)
        install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
        list(APPEND generated ${png})
    endforeach()

    # Man pages from each program's --help, so they always list the options of this build. The
    # program runs by its bare name (PATH) so the usage line carries no build path; the GUI runs on
    # the offscreen platform. SOURCE_DATE_EPOCH pins the date to the release's.
    execute_process(COMMAND date -u -d "${BOXOFFICE_RELEASE_DATE}" +%s
        OUTPUT_VARIABLE release_epoch OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
    set(man_boxoffice "cinema box office counter application")
    set(man_boxoffice-admin "Box office operations: database, showtimes, seats, logins")
    set(man_boxoffice-bench "Box office benchmarks: seat map and seat-hold strategies")
    set(man_boxoffice-paysim "Box office payment-service simulator for demos and tests")
    set(man_boxoffice-door "Box office ticket check at the hall door")
    set(man_boxoffice-kiosk "Box office self-service kiosk")
    set(man_boxoffice-service "Box office payment service: the one program that charges cards")
    set(man_boxoffice-web "Box office website: the online box office's API")
    foreach(program boxoffice boxoffice-admin boxoffice-bench boxoffice-door boxoffice-kiosk boxoffice-paysim
                    boxoffice-service boxoffice-web)
        set(page ${linux_out}/man/${program}.1)
        add_custom_command(OUTPUT ${page}.gz
            COMMAND ${CMAKE_COMMAND} -E make_directory ${linux_out}/man
            COMMAND ${CMAKE_COMMAND} -E env "PATH=$<TARGET_FILE_DIR:${program}>:$ENV{PATH}"
                    QT_QPA_PLATFORM=offscreen SOURCE_DATE_EPOCH=${release_epoch}
                    ${BOXOFFICE_HELP2MAN} --no-info --section=1 "--name=${man_${program}}"
                    "--version-string=${program} ${PROJECT_VERSION}"
                    --include=${linux_src}/man/${program}.h2m --output=${page} ${program}
            COMMAND ${BOXOFFICE_GZIP} -9nf ${page}
            DEPENDS ${program} ${linux_src}/man/${program}.h2m
            COMMENT "Writing the man page ${program}(1)" VERBATIM)
        install(FILES ${page}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
        list(APPEND generated ${page}.gz)
    endforeach()

    # Documentation: the Debian changelog and the operations guide, compressed as policy asks.
    set(BOXOFFICE_DEB_VERSION "${PROJECT_VERSION}-1")
    set(BOXOFFICE_DEB_DATE "${BOXOFFICE_RELEASE_DATE_RFC2822}")
    configure_file(${linux_src}/changelog.Debian.in ${linux_out}/doc/changelog.Debian @ONLY)
    configure_file(${PROJECT_SOURCE_DIR}/docs/OPERATIONS.md ${linux_out}/doc/OPERATIONS.md COPYONLY)
    configure_file(${PROJECT_SOURCE_DIR}/docs/PAYMENTS.md ${linux_out}/doc/PAYMENTS.md COPYONLY)
    configure_file(${PROJECT_SOURCE_DIR}/docs/API.md ${linux_out}/doc/API.md COPYONLY)
    foreach(doc changelog.Debian OPERATIONS.md PAYMENTS.md API.md)
        add_custom_command(OUTPUT ${linux_out}/doc/${doc}.gz
            COMMAND ${BOXOFFICE_GZIP} -9nkf ${linux_out}/doc/${doc}
            DEPENDS ${linux_out}/doc/${doc} VERBATIM)
        install(FILES ${linux_out}/doc/${doc}.gz DESTINATION ${doc_dir})
        list(APPEND generated ${linux_out}/doc/${doc}.gz)
    endforeach()

    add_custom_target(boxoffice_linux_package_data ALL DEPENDS ${generated})
endif()

# CPack DEB.
set(CPACK_GENERATOR "DEB")
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)            # boxoffice_<version>-1_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION "misc")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What dpkg-shlibdeps cannot see: Qt's PostgreSQL driver is a plugin loaded at run time, and so is
# its SQLite driver (the door's offline journal).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-psql, libqt6sql6-sqlite")
# The demo mode and the benchmark start a private PostgreSQL; Korean needs a CJK font.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "postgresql-15 | postgresql, fonts-noto-cjk")
# The benchmark's Redis strategy; the kiosk role (cage, Qt's Wayland platform).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "redis-server, cage, qt6-wayland")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE "xz")
# CPack puts CPACK_PACKAGE_DESCRIPTION_SUMMARY on the synopsis line; this is the extended text.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Box office sells cinema tickets from counter tills and kiosks that share one
PostgreSQL database. Seats are held on a live map for a few minutes while the
customer pays and become a confirmed booking exactly once, however many
terminals compete for them.

This package contains the counter application (boxoffice), the ticket check
at the hall door (boxoffice-door), the operations command line tool
(boxoffice-admin), the benchmark (boxoffice-bench) and a payment-service
simulator for demos and tests (boxoffice-paysim).
Without a configured database the counter starts a private demo database,
which needs the PostgreSQL server programs.")
