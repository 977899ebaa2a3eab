#include "slice_controls.hpp"

#include <algorithm>

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QSignalBlocker>

#include "core/grid/grid.hpp"
#include "viewers/qt/zone_view.hpp"
#include "viewers/scene/palette.hpp"

namespace iglu::plugins::viewer3d {

SliceControls::SliceControls(viewers::ZoneView* view, QWidget* parent)
    : QWidget(parent), view_(view), layers_(new QComboBox(this)), colours_(new QComboBox(this)) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layers_->setObjectName(QStringLiteral("viewer3d.layers"));
    layers_->setToolTip(tr("Layer slicing: show only the layers up to y = k (Alt+Down / Alt+Up)"));
    layers_->addItem(tr("all layers"), core::kMaxY);
    for (int y = core::kMaxY - 1; y >= core::kMinY; --y)
        layers_->addItem(y == core::kMinY ? tr("floor only (y = %1)").arg(y) : tr("y \u2264 %1").arg(y), y);
    colours_->setObjectName(QStringLiteral("viewer3d.colours"));
    colours_->setToolTip(tr("Colour isolation: show one colour only (Alt+C: next colour)"));
    colours_->addItem(tr("all colours"), 0);
    for (int c = 1; c <= 6; ++c) {
        QPixmap swatch(12, 12);
        const viewers::Rgb rgb = viewers::blockColour(c);
        swatch.fill(QColor(rgb.r, rgb.g, rgb.b));
        colours_->addItem(QIcon(swatch), tr("only %1").arg(QString::fromLatin1(core::colourName(c))), c);
    }
    layout->addWidget(new QLabel(tr("Show:"), this));
    layout->addWidget(layers_);
    layout->addWidget(colours_);
    const auto apply = [this] {
        viewers::SceneFilter f;
        f.maxLayer = layers_->currentData().toInt();
        f.colour = colours_->currentData().toInt();
        view_->setFilter(f);
    };
    connect(layers_, &QComboBox::currentIndexChanged, this, apply);
    connect(colours_, &QComboBox::currentIndexChanged, this, apply);
    connect(view_, &viewers::ZoneView::filterChanged, this, &SliceControls::syncFromView);
    syncFromView();
}

void SliceControls::syncFromView() {
    const QSignalBlocker a(layers_), b(colours_);
    layers_->setCurrentIndex(std::max(0, layers_->findData(view_->filter().maxLayer)));
    colours_->setCurrentIndex(std::max(0, colours_->findData(view_->filter().colour)));
}

void SliceControls::lowerLayer() {
    viewers::SceneFilter f = view_->filter();
    f.maxLayer = std::max(core::kMinY, f.maxLayer - 1);
    view_->setFilter(f);
}

void SliceControls::raiseLayer() {
    viewers::SceneFilter f = view_->filter();
    f.maxLayer = std::min(core::kMaxY, f.maxLayer + 1);
    view_->setFilter(f);
}

void SliceControls::nextColour() {
    viewers::SceneFilter f = view_->filter();
    f.colour = (f.colour + 1) % 7;
    view_->setFilter(f);
}

void SliceControls::showAll() { view_->setFilter({}); }

}  // namespace iglu::plugins::viewer3d
