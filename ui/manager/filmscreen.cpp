// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/manager/filmscreen.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLocale>
#include <QPixmap>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/manager/filmform.h"

namespace bo {
namespace {

enum Column { Poster, Title, TitleEn, Format, Runtime, Rating, Release, Until, Retired, Columns };

constexpr int thumbWidth = 36;
constexpr int thumbHeight = 52;

QString day(const QDate& d)
{
    return d.isValid() ? d.toString(Qt::ISODate) : QString();
}

} // namespace

FilmScreen::FilmScreen(PortCaller<FilmCatalog> catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(catalog)
{
    setObjectName(QStringLiteral("filmScreen"));
    setWindowTitle(tr("Films"));
    auto* layout = new QVBoxLayout(this);
    auto* splitter = new QSplitter(this);
    layout->addWidget(splitter, 1);

    auto* listPanel = new QWidget(splitter);
    auto* listLayout = new QVBoxLayout(listPanel);
    listLayout->setContentsMargins(0, 0, 0, 0);
    m_table = new QTableWidget(0, Columns, listPanel);
    m_table->setObjectName(QStringLiteral("filmTable"));
    m_table->setAccessibleName(tr("Films"));
    m_table->setHorizontalHeaderLabels({tr("Poster"), tr("Title"), tr("English title"), tr("Format"),
                                        tr("Runtime"), tr("Rating"), tr("Release"), tr("Until"),
                                        tr("Retired")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setIconSize(QSize(thumbWidth, thumbHeight));
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(thumbHeight + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Title, QHeaderView::Stretch);
    listLayout->addWidget(m_table, 1);
    auto* listButtons = new QHBoxLayout;
    m_new = new QPushButton(tr("&New film"), listPanel);
    m_new->setObjectName(QStringLiteral("newFilm"));
    m_retire = new QPushButton(tr("Ret&ire"), listPanel);
    m_retire->setObjectName(QStringLiteral("retireFilm"));
    m_retire->setToolTip(tr("A retired film gets no new showtimes; those it has keep selling."));
    auto* reloadButton = new QPushButton(tr("Reloa&d"), listPanel);
    reloadButton->setObjectName(QStringLiteral("reloadFilms"));
    listButtons->addWidget(m_new);
    listButtons->addWidget(m_retire);
    listButtons->addStretch(1);
    listButtons->addWidget(reloadButton);
    listLayout->addLayout(listButtons);

    auto* formPanel = new QWidget(splitter);
    auto* formLayout = new QVBoxLayout(formPanel);
    formLayout->setContentsMargins(0, 0, 0, 0);
    m_form = new FilmForm(formPanel);
    formLayout->addWidget(m_form, 1);
    m_save = new QPushButton(tr("&Save film"), formPanel);
    m_save->setObjectName(QStringLiteral("saveFilm"));
    m_save->setDefault(true);
    formLayout->addWidget(m_save);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("filmStatus"));
    m_status->setAccessibleName(tr("Films status"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    connect(m_table, &QTableWidget::itemSelectionChanged, this, &FilmScreen::onSelectionChanged);
    connect(m_new, &QPushButton::clicked, this, &FilmScreen::newFilm);
    connect(m_save, &QPushButton::clicked, this, &FilmScreen::saveFilm);
    connect(m_retire, &QPushButton::clicked, this, &FilmScreen::toggleRetired);
    connect(reloadButton, &QPushButton::clicked, this, [this] {
        const Film* film = selected();
        reload(film ? film->id : 0);
    });
    connect(m_form, &FilmForm::validityChanged, this, &FilmScreen::updateButtons);
    resize(1280, 720);
    reload();
}

QString FilmScreen::statusText() const
{
    return m_status->text();
}

int FilmScreen::rowOf(int filmId) const
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->item(row, Title)->data(Qt::UserRole).toInt() == filmId)
            return row;
    }
    return -1;
}

void FilmScreen::reload(int selectFilm)
{
    // The films and their posters come from the catalogue's worker; the list stays as it was
    // until they do, and only the last read asked for is shown.
    const int reading = ++m_reading;
    m_catalog.call(
        this, [](FilmCatalog& catalog) { return catalog.films(true); },
        [this, reading, selectFilm](const Result<QList<Film>>& films) {
            if (reading == m_reading)
                showFilms(films, selectFilm);
        });
}

void FilmScreen::showFilms(const Result<QList<Film>>& films, int selectFilm)
{
    {
        const QSignalBlocker blocker(m_table);
        m_table->clearSelection();
        m_table->setRowCount(0);
        if (!films) {
            m_films.clear();
            showStatus(tr("The films could not be read: %1").arg(films.error().message), true);
        } else {
            m_films = films.value();
            m_table->setRowCount(static_cast<int>(m_films.size()));
            for (int row = 0; row < m_table->rowCount(); ++row)
                fillRow(row, m_films.at(row));
        }
    }
    if (const int row = rowOf(selectFilm); row >= 0) {
        m_table->selectRow(row);
        m_table->scrollToItem(m_table->item(row, Title));
    }
    updateButtons();
}

void FilmScreen::fillRow(int row, const Film& film)
{
    const QLocale locale;
    auto* poster = new QTableWidgetItem;
    const QImage image = QImage::fromData(film.poster);
    if (!image.isNull()) {
        poster->setIcon(QPixmap::fromImage(
            image.scaled(thumbWidth, thumbHeight, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
        poster->setToolTip(locale.formattedDataSize(film.posterBytes));
    } else {
        poster->setText(tr("—"));
    }
    m_table->setItem(row, Poster, poster);
    const QString retired =
        film.retiredAt.isNull()
            ? QString()
            : tr("retired %1").arg(film.retiredAt.toLocalTime().date().toString(Qt::ISODate));
    const QString texts[Columns] = {QString(),
                                    film.title,
                                    film.titleEn,
                                    film.format,
                                    tr("%1 min").arg(film.runtimeMinutes),
                                    FilmCatalog::ratingName(film.rating),
                                    day(film.releaseOn),
                                    day(film.playsUntil),
                                    retired};
    for (int column = Title; column < Columns; ++column) {
        auto* item = new QTableWidgetItem(texts[column]);
        if (!film.retiredAt.isNull())
            item->setForeground(palette().brush(QPalette::Disabled, QPalette::Text));
        m_table->setItem(row, column, item);
    }
    m_table->item(row, Title)->setData(Qt::UserRole, film.id);
    m_table->item(row, Rating)->setToolTip(film.rating);
}

const Film* FilmScreen::selected() const
{
    const QList<QTableWidgetItem*> items = m_table->selectedItems();
    if (items.isEmpty())
        return nullptr;
    const int id = m_table->item(items.first()->row(), Title)->data(Qt::UserRole).toInt();
    const auto it =
        std::find_if(m_films.cbegin(), m_films.cend(), [id](const Film& f) { return f.id == id; });
    return it == m_films.cend() ? nullptr : &*it;
}

void FilmScreen::onSelectionChanged()
{
    if (const Film* film = selected())
        m_form->setFilm(*film);
    updateButtons();
}

void FilmScreen::newFilm()
{
    {
        const QSignalBlocker blocker(m_table);
        m_table->clearSelection();
    }
    m_form->clear();
    m_status->clear();
    updateButtons();
    m_form->setFocus();
}

bool FilmScreen::saveFilm()
{
    const auto checked = FilmCatalog::check(m_form->film());
    if (!checked) {
        // Nothing is written; the problem stays next to the form.
        m_form->showMessage(checked.error().message, true);
        showStatus(tr("Not saved: %1").arg(checked.error().message), true);
        return false;
    }
    if (m_writing)
        return false;
    const Film& film = checked.value();
    const bool keepPoster = !m_form->posterChanged();
    m_writing = true;
    updateButtons();
    // Added or saved on the catalogue's worker; the form stays filled until the answer.
    m_catalog.call(
        this,
        [film, keepPoster](FilmCatalog& catalog) -> Result<int> {
            if (film.id == 0)
                return catalog.add(film);
            if (Status s = catalog.update(film, keepPoster); !s)
                return s.error();
            return film.id;
        },
        [this, film](const Result<int>& saved) {
            m_writing = false;
            if (!saved) {
                m_form->showMessage(saved.error().message, true);
                showStatus(tr("Not saved: %1").arg(saved.error().message), true);
                updateButtons();
                return;
            }
            const int id = saved.value();
            if (film.id == 0)
                showStatus(tr("Film %1 added: %2.").arg(id).arg(film.title), false);
            else
                showStatus(
                    tr("Film %1 saved: %2. Showtimes already made keep their slot.").arg(id).arg(film.title),
                    false);
            reload(id);
            emit filmSaved(id);
        });
    return true;
}

bool FilmScreen::toggleRetired()
{
    const Film* film = selected();
    if (!film || m_writing)
        return false;
    const int id = film->id;
    const QString title = film->title;
    const bool retire = film->retiredAt.isNull();
    m_writing = true;
    updateButtons();
    m_catalog.call(
        this, [id, retire](FilmCatalog& catalog) { return catalog.retire(id, retire); },
        [this, id, title, retire](const Result<QDateTime>& done) {
            m_writing = false;
            if (!done) {
                showStatus(done.error().message, true);
                updateButtons();
                return;
            }
            showStatus(retire ? tr("%1 is retired: no new showtimes; those it has keep selling.").arg(title)
                              : tr("%1 plays again: it may get showtimes.").arg(title),
                       false);
            reload(id);
            emit filmSaved(id);
        });
    return true;
}

void FilmScreen::showStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b71c1c;") : QString());
}

void FilmScreen::updateButtons()
{
    const Film* film = selected();
    m_retire->setEnabled(film != nullptr && !m_writing);
    m_retire->setText(film && !film->retiredAt.isNull() ? tr("Un-ret&ire") : tr("Ret&ire"));
    m_save->setEnabled(m_form->problem().isEmpty() && !m_writing);
    m_save->setText(m_form->film().id == 0 ? tr("&Add film") : tr("&Save film"));
}

} // namespace bo
