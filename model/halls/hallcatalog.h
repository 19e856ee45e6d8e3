// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include <QList>
#include <QString>

#include "model/core/result.h"
#include "model/halls/halllayout.h"

namespace bo {

/// A hall as the catalogue lists it.
struct HallSummary
{
    int id = 0;
    QString name;
    int version = 0;        ///< the current layout version
    int versions = 0;       ///< how many versions it has had
    int seats = 0;          ///< seats of the current version
    int showtimesOlder = 0; ///< showtimes not over yet that keep an older version
};

/// What an import did.
struct HallImport
{
    int hallId = 0;
    int layoutId = 0;
    int version = 0;
    int seats = 0;
    bool created = false; ///< a new hall (else a new version of an existing one)
};

/// The catalogue's halls and their layouts (the port; db/HallStore is its PostgreSQL adapter).
/// Writes need a manager login: a terminal's is refused by the database.
class HallCatalog
{
public:
    HallCatalog() = default;
    virtual ~HallCatalog() = default;
    HallCatalog(const HallCatalog&) = delete;
    HallCatalog& operator=(const HallCatalog&) = delete;

    [[nodiscard]] virtual Result<QList<HallSummary>> halls() = 0;
    /// The current layout of the hall named, or numbered, `hall`; NotFound when none is.
    [[nodiscard]] virtual Result<HallLayout> layout(const QString& hall) = 0;
    /// Stores a valid layout as hall `layout.name`: a new hall, or with `replace` a new version
    /// of an existing one (Conflict without it). All or nothing.
    [[nodiscard]] virtual Result<HallImport> store(const HallLayout& layout, bool replace) = 0;
};

/// The one way to import a layout: validated first (a bad layout names its lines and stores
/// nothing), then stored.
class HallImporter final
{
    Q_DECLARE_TR_FUNCTIONS(bo::HallImporter)

public:
    [[nodiscard]] static Result<HallImport> import(HallCatalog& catalog, const HallLayout& layout,
                                                   bool replace)
    {
        if (layout.name.trimmed().isEmpty() || layout.name.trimmed() != layout.name ||
            layout.name.size() > 80)
            return makeError(ErrorCode::BadInput,
                             tr("A hall's name is 1 to 80 characters without spaces around it."));
        if (Status s = HallLayoutFormat::validate(layout); !s)
            return s.error();
        return catalog.store(layout, replace);
    }
};

} // namespace bo
