// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>

namespace bo {

/// A film's poster as a terminal reads it for its board: the stored bytes, undecoded (the ui
/// decodes them), keyed by the film's id.
struct FilmPoster
{
    int filmId = 0;
    QByteArray bytes; ///< PNG or JPEG; empty when the film has no poster
    QString type;     ///< image/png or image/jpeg; empty when none
};

} // namespace bo

Q_DECLARE_METATYPE(bo::FilmPoster)
