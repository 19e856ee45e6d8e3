// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/manager/filmform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPixmap>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace bo {
namespace {

constexpr int previewWidth = 120;
constexpr int previewHeight = 170;

const QString errorStyle = QStringLiteral("color: #b71c1c;");

/// An optional day: a check box that says whether there is one, and the day.
QWidget* optionalDay(QCheckBox* has, QDateEdit* day, QWidget* parent)
{
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(has);
    layout->addWidget(day, 1);
    day->setCalendarPopup(true);
    day->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    day->setDate(QDate::currentDate());
    day->setEnabled(false);
    QObject::connect(has, &QCheckBox::toggled, day, &QWidget::setEnabled);
    return row;
}

} // namespace

FilmForm::FilmForm(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("filmForm"));
    auto* outer = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    outer->addLayout(form);

    m_title = new QLineEdit(this);
    m_title->setObjectName(QStringLiteral("filmTitle"));
    m_title->setAccessibleName(tr("Title"));
    m_title->setMaxLength(250);
    form->addRow(tr("&Title:"), m_title);
    m_titleEn = new QLineEdit(this);
    m_titleEn->setObjectName(QStringLiteral("filmTitleEn"));
    m_titleEn->setAccessibleName(tr("English title"));
    m_titleEn->setMaxLength(250);
    form->addRow(tr("&English title:"), m_titleEn);
    m_runtime = new QSpinBox(this);
    m_runtime->setObjectName(QStringLiteral("filmRuntime"));
    m_runtime->setAccessibleName(tr("Runtime in minutes"));
    m_runtime->setRange(0, 999);
    m_runtime->setSuffix(tr(" min"));
    form->addRow(tr("&Runtime:"), m_runtime);
    m_rating = new QComboBox(this);
    m_rating->setObjectName(QStringLiteral("filmRating"));
    m_rating->setAccessibleName(tr("Age rating"));
    for (const QString& code : FilmCatalog::ratings())
        m_rating->addItem(QStringLiteral("%1 — %2").arg(code, FilmCatalog::ratingName(code)), code);
    form->addRow(tr("A&ge rating:"), m_rating);
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("filmFormat"));
    m_format->setAccessibleName(tr("Format"));
    m_format->addItems(FilmCatalog::formats());
    m_format->setToolTip(
        tr("A film's format is not edited: the same title in another format is another film."));
    form->addRow(tr("&Format:"), m_format);
    m_language = new QLineEdit(this);
    m_language->setObjectName(QStringLiteral("filmLanguage"));
    m_language->setAccessibleName(tr("Spoken language"));
    m_language->setPlaceholderText(tr("ko, en, … (empty: not said)"));
    form->addRow(tr("&Language:"), m_language);
    m_subtitles = new QLineEdit(this);
    m_subtitles->setObjectName(QStringLiteral("filmSubtitles"));
    m_subtitles->setAccessibleName(tr("Subtitles"));
    m_subtitles->setPlaceholderText(tr("ko, en, … (empty: none)"));
    form->addRow(tr("S&ubtitles:"), m_subtitles);
    m_hasRelease = new QCheckBox(tr("Released on"), this);
    m_hasRelease->setObjectName(QStringLiteral("filmHasRelease"));
    m_release = new QDateEdit(this);
    m_release->setObjectName(QStringLiteral("filmRelease"));
    m_release->setAccessibleName(tr("Release day"));
    form->addRow(tr("Release:"), optionalDay(m_hasRelease, m_release, this));
    m_hasUntil = new QCheckBox(tr("Plays until"), this);
    m_hasUntil->setObjectName(QStringLiteral("filmHasUntil"));
    m_until = new QDateEdit(this);
    m_until->setObjectName(QStringLiteral("filmUntil"));
    m_until->setAccessibleName(tr("Last day it plays"));
    form->addRow(tr("Until:"), optionalDay(m_hasUntil, m_until, this));

    auto* posterRow = new QHBoxLayout;
    m_posterPreview = new QLabel(this);
    m_posterPreview->setObjectName(QStringLiteral("filmPosterPreview"));
    m_posterPreview->setAccessibleName(tr("Poster preview"));
    m_posterPreview->setFixedSize(previewWidth, previewHeight);
    m_posterPreview->setAlignment(Qt::AlignCenter);
    m_posterPreview->setFrameShape(QFrame::StyledPanel);
    posterRow->addWidget(m_posterPreview);
    auto* posterButtons = new QVBoxLayout;
    m_choosePoster = new QPushButton(tr("C&hoose poster…"), this);
    m_choosePoster->setObjectName(QStringLiteral("filmChoosePoster"));
    m_noPoster = new QPushButton(tr("N&o poster"), this);
    m_noPoster->setObjectName(QStringLiteral("filmNoPoster"));
    m_posterInfo = new QLabel(this);
    m_posterInfo->setObjectName(QStringLiteral("filmPosterInfo"));
    m_posterInfo->setWordWrap(true);
    posterButtons->addWidget(m_choosePoster);
    posterButtons->addWidget(m_noPoster);
    posterButtons->addWidget(m_posterInfo);
    posterButtons->addStretch(1);
    posterRow->addLayout(posterButtons, 1);
    form->addRow(tr("Poster:"), posterRow);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("filmMessage"));
    m_message->setAccessibleName(tr("What is wrong with the film"));
    m_message->setWordWrap(true);
    outer->addWidget(m_message);
    outer->addStretch(1);

    for (QLineEdit* edit : {m_title, m_titleEn, m_language, m_subtitles})
        connect(edit, &QLineEdit::textChanged, this, &FilmForm::revalidate);
    connect(m_runtime, &QSpinBox::valueChanged, this, &FilmForm::revalidate);
    for (QComboBox* box : {m_rating, m_format})
        connect(box, &QComboBox::currentIndexChanged, this, &FilmForm::revalidate);
    for (QCheckBox* box : {m_hasRelease, m_hasUntil})
        connect(box, &QCheckBox::toggled, this, &FilmForm::revalidate);
    for (QDateEdit* day : {m_release, m_until})
        connect(day, &QDateEdit::dateChanged, this, &FilmForm::revalidate);
    connect(m_choosePoster, &QPushButton::clicked, this, &FilmForm::onChoosePosterClicked);
    connect(m_noPoster, &QPushButton::clicked, this, &FilmForm::clearPoster);
    clear();
}

void FilmForm::clear()
{
    setFilm(Film{});
}

void FilmForm::setFilm(const Film& film)
{
    m_id = film.id;
    m_title->setText(film.title);
    m_titleEn->setText(film.titleEn);
    m_runtime->setValue(film.runtimeMinutes);
    const int rating = m_rating->findData(film.rating);
    m_rating->setCurrentIndex(rating < 0 ? 0 : rating);
    const int format = m_format->findText(film.format.isEmpty() ? QStringLiteral("2D") : film.format);
    m_format->setCurrentIndex(format < 0 ? 0 : format);
    m_format->setEnabled(film.id == 0);
    m_language->setText(film.language);
    m_subtitles->setText(film.subtitles);
    m_hasRelease->setChecked(film.releaseOn.isValid());
    m_release->setDate(film.releaseOn.isValid() ? film.releaseOn : QDate::currentDate());
    m_hasUntil->setChecked(film.playsUntil.isValid());
    m_until->setDate(film.playsUntil.isValid() ? film.playsUntil : QDate::currentDate());
    m_poster = film.poster;
    m_posterChanged = false;
    m_message->clear();
    showPoster();
    revalidate();
}

Film FilmForm::film() const
{
    Film f;
    f.id = m_id;
    f.title = m_title->text();
    f.titleEn = m_titleEn->text();
    f.runtimeMinutes = m_runtime->value();
    f.rating = m_rating->currentData().toString();
    f.format = m_format->currentText();
    f.language = m_language->text();
    f.subtitles = m_subtitles->text();
    if (m_hasRelease->isChecked())
        f.releaseOn = m_release->date();
    if (m_hasUntil->isChecked())
        f.playsUntil = m_until->date();
    f.poster = m_poster;
    return f;
}

void FilmForm::showMessage(const QString& text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(error ? errorStyle : QString());
}

bool FilmForm::loadPosterFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        showMessage(tr("Cannot read the poster %1: %2.").arg(path, file.errorString()), true);
        return false;
    }
    if (file.size() > FilmCatalog::maxPosterBytes) {
        showMessage(tr("A poster has at most %1 bytes; %2 has %3.")
                        .arg(FilmCatalog::maxPosterBytes)
                        .arg(path)
                        .arg(file.size()),
                    true);
        return false;
    }
    const QByteArray bytes = file.readAll();
    if (FilmCatalog::posterTypeOf(bytes).isEmpty() || QImage::fromData(bytes).isNull()) {
        showMessage(tr("%1 is no PNG or JPEG image.").arg(path), true);
        return false;
    }
    m_poster = bytes;
    m_posterChanged = true;
    m_message->clear();
    showPoster();
    revalidate();
    return true;
}

void FilmForm::clearPoster()
{
    m_poster.clear();
    m_posterChanged = true;
    showPoster();
    revalidate();
}

void FilmForm::onChoosePosterClicked()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose the film's poster"), QString(),
                                                      tr("Posters (*.png *.jpg *.jpeg)"));
    if (!path.isEmpty())
        loadPosterFile(path);
}

void FilmForm::showPoster()
{
    const QImage image = QImage::fromData(m_poster);
    if (m_poster.isEmpty() || image.isNull()) {
        m_posterPreview->setPixmap(QPixmap());
        m_posterPreview->setText(tr("No poster"));
        m_posterInfo->setText(QString());
        m_noPoster->setEnabled(false);
        return;
    }
    m_posterPreview->setPixmap(QPixmap::fromImage(
        image.scaled(previewWidth - 4, previewHeight - 4, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
    m_posterInfo->setText(tr("%1, %2 × %3, %4")
                              .arg(FilmCatalog::posterTypeOf(m_poster))
                              .arg(image.width())
                              .arg(image.height())
                              .arg(QLocale().formattedDataSize(m_poster.size())));
    m_noPoster->setEnabled(true);
}

void FilmForm::revalidate()
{
    const auto checked = FilmCatalog::check(film());
    m_problem = checked ? QString() : checked.error().message;
    if (!m_problem.isEmpty())
        showMessage(m_problem, true);
    else if (m_message->styleSheet() == errorStyle)
        m_message->clear();
    if (m_valid != m_problem.isEmpty()) {
        m_valid = m_problem.isEmpty();
        emit validityChanged(m_valid);
    }
}

} // namespace bo
