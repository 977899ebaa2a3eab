#pragma once
// The 3D view's export dialogs. Image: the view as it is (same camera, blocks, overlay, legend)
// drawn offscreen at a chosen size (up to 8192 per side: posters, papers), to PNG. Clip: the
// selected rollout as MP4 / GIF / WebM (ffmpeg) or a PNG sequence, at a chosen size and speed,
// from the view's camera or the agent's first-person view (viewers/scene/rollout_clip.hpp).
// The dialog refuses to close on a bad choice (no file, odd sizes for MP4, no ffmpeg for a
// video) with the reason under the fields.
#include <QDialog>
#include <QSize>

#include "viewers/scene/rollout_clip.hpp"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace iglu::plugins::viewer3d {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    enum class Mode { Image, Clip };
    /// `defaultPath`: the file (or, for a PNG sequence, folder) proposed.
    ExportDialog(Mode mode, QSize viewSize, const QString& defaultPath, QWidget* parent = nullptr);

    QString path() const;
    QSize imageSize() const;
    /// Clip: the options chosen (the caller adds the camera of the view).
    viewers::ClipOptions clipOptions() const;
    /// Why the choice cannot be exported; empty when it can.
    QString problem() const;

    void accept() override;

private:
    void browse();
    void formatChanged();

    Mode mode_;
    QLineEdit* path_;
    QSpinBox* width_;
    QSpinBox* height_;
    QComboBox* format_ = nullptr;
    QComboBox* view_ = nullptr;
    QDoubleSpinBox* fps_ = nullptr;
    QSpinBox* every_ = nullptr;
    QLabel* problem_;
};

}  // namespace iglu::plugins::viewer3d
