// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/showtimeboard.h"

#include <QColor>
#include <QEvent>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include "model/sale/postershelf.h"
#include "model/sale/showtimelistmodel.h"
#include "ui/common/posterart.h"

namespace bo {

/// Greys out showtimes no longer on sale and marks sold-out ones, and puts each film's poster
/// thumbnail beside its title, for the board's view only.
class BoardLook final : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;

    void setArt(PosterArt* art) { m_art = art; }

    /// The rows of these films have their poster now.
    void postersArrived(const QList<int>& filmIds)
    {
        const QList<ShowtimeInfo>& rows = static_cast<ShowtimeListModel*>(sourceModel())->showtimes();
        for (qsizetype row = 0; row < rows.size(); ++row) {
            if (filmIds.contains(rows.at(row).movieId)) {
                const QModelIndex at = index(int(row), ShowtimeListModel::MovieColumn);
                emit dataChanged(at, at, {Qt::DecorationRole});
            }
        }
    }

    QVariant data(const QModelIndex& index, int role) const override
    {
        if (role == Qt::DecorationRole && m_art && index.column() == ShowtimeListModel::MovieColumn) {
            const QList<ShowtimeInfo>& rows = static_cast<ShowtimeListModel*>(sourceModel())->showtimes();
            if (index.row() < rows.size()) {
                const ShowtimeInfo& s = rows.at(index.row());
                return m_art->pixmap(s.movieId, s.movieTitle);
            }
        }
        if (role == Qt::ForegroundRole && !index.data(ShowtimeListModel::OnSaleRole).toBool())
            return QColor(Qt::gray);
        if (role == Qt::FontRole && index.column() == ShowtimeListModel::SeatsColumn &&
            index.data(ShowtimeListModel::SoldOutRole).toBool()) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return QIdentityProxyModel::data(index, role);
    }

private:
    PosterArt* m_art = nullptr;
};

ShowtimeBoard::ShowtimeBoard(ShowtimeListModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_date(QDate::currentDate())
{
    setObjectName(QStringLiteral("showtimeBoard"));
    m_title = new QLabel(this);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_dateLabel = new QLabel(this);
    m_dateLabel->setObjectName(QStringLiteral("boardDate"));
    m_dateLabel->setFont(titleFont);
    m_previous = new QPushButton(this);
    m_previous->setObjectName(QStringLiteral("previousDay"));
    m_next = new QPushButton(this);
    m_next->setObjectName(QStringLiteral("nextDay"));
    m_sellNext = new QPushButton(this);
    m_sellNext->setObjectName(QStringLiteral("sellNext"));
    for (QPushButton* b : {m_previous, m_next, m_sellNext})
        b->setFocusPolicy(Qt::NoFocus);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("showtimeTable"));
    auto* look = new BoardLook(this);
    m_look = look;
    look->setSourceModel(m_model);
    m_table->setModel(look);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ShowtimeListModel::MovieColumn, QHeaderView::Stretch);
    m_table->setAlternatingRowColors(true);
    m_table->installEventFilter(this);
    QFont tableFont = m_table->font();
    tableFont.setPointSizeF(tableFont.pointSizeF() * 1.15);
    m_table->setFont(tableFont);

    // Two rows, so that a 700 px window shows every text whole: what this is and the main
    // action, then the day and how to change it.
    auto* top = new QHBoxLayout;
    top->addWidget(m_title);
    top->addStretch();
    top->addWidget(m_sellNext);
    auto* day = new QHBoxLayout;
    day->addWidget(m_previous);
    day->addStretch();
    day->addWidget(m_dateLabel);
    day->addStretch();
    day->addWidget(m_next);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(day);
    layout->addWidget(m_table, 1);

    connect(m_previous, &QPushButton::clicked, this, [this] { setDate(m_date.addDays(-1)); });
    connect(m_next, &QPushButton::clicked, this, [this] { setDate(m_date.addDays(1)); });
    connect(m_sellNext, &QPushButton::clicked, this, &ShowtimeBoard::nextShowtimeRequested);
    connect(m_table, &QTableView::activated, this, [this] { chooseCurrent(); });
    connect(look, &QAbstractItemModel::modelReset, this, [this] {
        // A new day's list opens on the next showtime still on sale, not on this morning's.
        if (m_model->rowCount() > 0 && !m_table->currentIndex().isValid()) {
            const int next =
                m_model->nextOnSaleRow(QDateTime::currentDateTimeUtc(), m_model->lateSaleMinutes());
            m_table->selectRow(next >= 0 ? next : 0);
        }
    });
    retranslate();
}

ShowtimeBoard::~ShowtimeBoard() = default;

QSize ShowtimeBoard::thumbnailSize()
{
    return {26, 38};
}

void ShowtimeBoard::setPosters(PosterShelf* shelf)
{
    m_art = std::make_unique<PosterArt>(shelf, thumbnailSize());
    m_look->setArt(m_art.get());
    m_table->setIconSize(thumbnailSize());
    // A row as tall as its thumbnail, with a little air: dense still (the counter's board).
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(thumbnailSize().height() + 6);
    connect(shelf, &PosterShelf::postersArrived, m_look,
            [this](const QList<int>& filmIds) { m_look->postersArrived(filmIds); });
}

void ShowtimeBoard::setDate(const QDate& date)
{
    if (!date.isValid() || date == m_date)
        return;
    m_date = date;
    retranslate();
    emit dateChanged(m_date);
}

bool ShowtimeBoard::selectNext(int lateSaleMinutes)
{
    const int row = m_model->nextOnSaleRow(QDateTime::currentDateTimeUtc(), lateSaleMinutes);
    if (row < 0)
        return false;
    m_table->selectRow(row);
    m_table->scrollTo(m_table->model()->index(row, 0));
    return true;
}

int ShowtimeBoard::selectedShowtime() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.data(ShowtimeListModel::ShowtimeIdRole).toInt() : 0;
}

int ShowtimeBoard::rowCount() const
{
    return m_model->rowCount();
}

void ShowtimeBoard::focusTable()
{
    m_table->setFocus();
}

void ShowtimeBoard::chooseCurrent()
{
    const int id = selectedShowtime();
    if (id > 0)
        emit showtimeChosen(id);
}

bool ShowtimeBoard::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        switch (key->key()) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
            chooseCurrent();
            return true;
        case Qt::Key_N:
            emit nextShowtimeRequested();
            return true;
        case Qt::Key_PageUp:
            setDate(m_date.addDays(-1));
            return true;
        case Qt::Key_PageDown:
            setDate(m_date.addDays(1));
            return true;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ShowtimeBoard::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ShowtimeBoard::retranslate()
{
    m_title->setText(tr("Showtimes"));
    m_dateLabel->setText(locale().toString(m_date, QLocale::LongFormat));
    m_previous->setText(tr("◀ Previous day (PgUp)"));
    m_next->setText(tr("Next day (PgDn) ▶"));
    m_sellNext->setText(tr("Sell next showtime (N)"));
}

} // namespace bo
