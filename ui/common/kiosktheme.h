// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>
#include <QWidget>

class QBoxLayout;

namespace bo {

/// The customer's display modes; each switchable on every kiosk screen, kept until they leave.
struct KioskDisplay
{
    bool largeText = false;    ///< type × KioskTheme::largeTextScale; layouts reflow
    bool highContrast = false; ///< black, white and yellow; every text pair ≥ 7:1
    bool lowReach = false;     ///< every control in the lower part of the screen (wheelchair reach)
};

/// The kiosk's look (docs/KIOSK.md): one touch-target size, large text, high contrast.
/// apply() sets the palette, the font and a style sheet on the kiosk's window; the
/// widgets below inherit them, so a screen that uses layouts reflows by itself.
class KioskTheme final
{
public:
    /// The smallest side of anything touched, logical px (WCAG 2.5.5 asks 44; Material's 48 dp
    /// is about 9 mm). Seats included at the map's default zoom.
    static constexpr int touchTarget = 48;
    /// The gap between two touch targets, logical px.
    static constexpr int touchGap = 8;
    static constexpr double largeTextScale = 1.5;
    /// The kiosk's normal type size, points (read from 2 m is not the counter's 10 pt).
    static constexpr double basePointSize = 16;
    /// Low reach: the share of the screen's height, from the bottom, that controls stay in.
    static constexpr double lowReachShare = 0.5;

    /// Palette, font and style sheet for `display` on `window` (the kiosk's top-level widget).
    static void apply(QWidget* window, const KioskDisplay& display, const QFont& baseFont = QFont());
    [[nodiscard]] static QPalette palette(bool highContrast);
    [[nodiscard]] static QFont font(const KioskDisplay& display, QFont base = QFont());
    /// The style sheet: touch-target minimum sizes, focus frames (always visible, 3 px).
    [[nodiscard]] static QString styleSheet(const KioskDisplay& display);
    /// WCAG 2.x contrast ratio of two opaque colours (1 … 21).
    [[nodiscard]] static double contrastRatio(const QColor& a, const QColor& b);
};

/// A kiosk screen's frame with two parts: what is read (titles, posters, the summary) and what
/// is touched (buttons, lists). Normally the controls follow the text; in low reach the text
/// keeps the top and the controls are held in the lower `KioskTheme::lowReachShare` of the
/// frame, where a seated customer reaches. The kiosk screens put their controls in controls().
class ReachFrame final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReachFrame)

public:
    explicit ReachFrame(QWidget* parent = nullptr);
    ~ReachFrame() override;

    /// The part for text (read, not touched).
    [[nodiscard]] QWidget* info() const { return m_info; }
    /// The part for controls.
    [[nodiscard]] QWidget* controls() const { return m_controls; }
    void setLowReach(bool lowReach);
    [[nodiscard]] bool isLowReach() const { return m_lowReach; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void relayout();

    QWidget* m_info;
    QWidget* m_controls;
    QBoxLayout* m_layout;
    bool m_lowReach = false;
};

} // namespace bo
