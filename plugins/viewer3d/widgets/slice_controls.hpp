#pragma once
// The 3D View toolbar's layer slicing and colour isolation: "Layers" (all, or only y <= k) and
// "Colour" (all, or one IGLU colour), kept in step with the view's filter, which the Viewer menu's
// keyboard actions (Alt+Down / Alt+Up one layer, Alt+C next colour, Alt+Home show all) also change.
#include <QWidget>

class QComboBox;

namespace iglu::viewers {
class ZoneView;
}

namespace iglu::plugins::viewer3d {

class SliceControls : public QWidget {
    Q_OBJECT
public:
    explicit SliceControls(viewers::ZoneView* view, QWidget* parent = nullptr);
    QComboBox* layers() const { return layers_; }
    QComboBox* colours() const { return colours_; }

    /// One layer fewer (down to the floor, y <= -1) or more (up to all).
    void lowerLayer();
    void raiseLayer();
    /// All colours -> blue -> ... -> yellow -> all colours.
    void nextColour();
    void showAll();

private:
    void syncFromView();
    viewers::ZoneView* view_;
    QComboBox* layers_;
    QComboBox* colours_;
};

}  // namespace iglu::plugins::viewer3d
