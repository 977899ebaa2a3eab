#include "widgets/export_dialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include "core/pov/pov_renderer.hpp"
#include "viewers/scene/offscreen_render.hpp"
#include "viewers/scene/video_writer.hpp"

namespace iglu::plugins::viewer3d {

namespace {
enum Format { Mp4, Gif, Webm, Pngs };
const char* const kSuffix[] = {".mp4", ".gif", ".webm", ""};
}  // namespace

ExportDialog::ExportDialog(Mode mode, QSize viewSize, const QString& defaultPath, QWidget* parent)
    : QDialog(parent), mode_(mode), path_(new QLineEdit(defaultPath, this)), width_(new QSpinBox(this)),
      height_(new QSpinBox(this)), problem_(new QLabel(this)) {
    setObjectName(mode == Mode::Image ? QStringLiteral("exportImageDialog") : QStringLiteral("exportClipDialog"));
    setWindowTitle(mode == Mode::Image ? tr("Export View Image") : tr("Export Rollout Video"));
    auto* form = new QFormLayout;
    path_->setObjectName(QStringLiteral("exportPath"));
    auto* browse = new QPushButton(tr("Browse..."), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(path_, 1);
    pathRow->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);

    if (mode == Mode::Clip) {
        format_ = new QComboBox(this);
        format_->setObjectName(QStringLiteral("exportFormat"));
        format_->addItems({tr("MP4 video (H.264)"), tr("GIF animation"), tr("WebM video (VP9)"), tr("PNG sequence (a folder)")});
        form->addRow(tr("Format:"), format_);
        connect(format_, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    }
    form->addRow(mode == Mode::Image ? tr("File:") : tr("File or folder:"), pathRow);

    const int maxSide = viewers::OffscreenRenderer::kMaxSide;
    width_->setObjectName(QStringLiteral("exportWidth"));
    height_->setObjectName(QStringLiteral("exportHeight"));
    width_->setRange(16, maxSide);
    height_->setRange(16, maxSide);
    // Images default to twice the view (print), clips to 1280x720 (talks).
    const QSize start = mode == Mode::Image ? viewSize * 2 : QSize(1280, 720);
    width_->setValue(start.width());
    height_->setValue(start.height());
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(width_);
    sizeRow->addWidget(new QLabel(QStringLiteral("x"), this));
    sizeRow->addWidget(height_);
    auto* presets = new QComboBox(this);
    presets->addItem(tr("Presets..."));
    for (const QSize s : {QSize(1280, 720), QSize(1920, 1080), QSize(3840, 2160), QSize(640, 640), QSize(64, 64)})
        presets->addItem(QStringLiteral("%1 x %2").arg(s.width()).arg(s.height()), s);
    connect(presets, &QComboBox::activated, this, [this, presets](int i) {
        const QSize s = presets->itemData(i).toSize();
        if (s.isValid()) {
            width_->setValue(s.width());
            height_->setValue(s.height());
        }
        presets->setCurrentIndex(0);
    });
    sizeRow->addWidget(presets);
    sizeRow->addStretch();
    form->addRow(tr("Size (pixels):"), sizeRow);

    if (mode == Mode::Clip) {
        view_ = new QComboBox(this);
        view_->setObjectName(QStringLiteral("exportView"));
        view_->addItems({tr("3D view (this view's camera and overlay)"), tr("first-person view (the agent's eyes)")});
        form->addRow(tr("Show:"), view_);
        fps_ = new QDoubleSpinBox(this);
        fps_->setObjectName(QStringLiteral("exportFps"));
        fps_->setRange(0.5, 60);
        fps_->setValue(10);
        fps_->setSuffix(tr(" frames/s"));
        form->addRow(tr("Speed:"), fps_);
        every_ = new QSpinBox(this);
        every_->setObjectName(QStringLiteral("exportEvery"));
        every_->setRange(1, 1000);
        every_->setPrefix(tr("every "));
        every_->setSuffix(tr(" step(s)"));
        form->addRow(tr("Frames:"), every_);
    }
    problem_->setObjectName(QStringLiteral("exportProblem"));
    problem_->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: #c62828;"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(problem_);
    layout->addWidget(buttons);
}

QString ExportDialog::path() const { return path_->text().trimmed(); }
QSize ExportDialog::imageSize() const { return {width_->value(), height_->value()}; }

viewers::ClipOptions ExportDialog::clipOptions() const {
    viewers::ClipOptions o;
    o.width = width_->value();
    o.height = height_->value();
    if (mode_ != Mode::Clip) return o;
    o.pov = view_->currentIndex() == 1;
    o.fps = fps_->value();
    o.every = every_->value();
    if (format_->currentIndex() == Pngs)
        o.framesDir = path().toStdString();
    else
        o.video = path().toStdString();
    return o;
}

QString ExportDialog::problem() const {
    const QString p = path();
    if (p.isEmpty()) return tr("Choose where to save.");
    if (mode_ == Mode::Image) {
        if (!p.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive)) return tr("The image is saved as PNG: the file name must end in .png.");
        return {};
    }
    const int f = format_->currentIndex();
    if (view_->currentIndex() == 1 && (width_->value() > core::PovConfig::kMaxSide || height_->value() > core::PovConfig::kMaxSide))
        return tr("The first-person view is at most %1 pixels per side.").arg(core::PovConfig::kMaxSide);
    if (f == Pngs) {
        const QFileInfo info(p);
        if (info.exists() && !info.isDir()) return tr("%1 is a file: a PNG sequence needs a folder.").arg(p);
        return {};
    }
    if (!p.endsWith(QLatin1String(kSuffix[f]), Qt::CaseInsensitive)) return tr("The file name must end in %1 for this format.").arg(kSuffix[f]);
    if (f == Mp4 && (width_->value() % 2 != 0 || height_->value() % 2 != 0)) return tr("MP4 (H.264) needs even width and height.");
    if (viewers::VideoWriter::findFfmpeg().empty())
        return tr("Videos are written by the ffmpeg program, which was not found (Debian: apt install ffmpeg; or set "
                  "IGLU_FFMPEG). A PNG sequence needs no ffmpeg.");
    return {};
}

void ExportDialog::accept() {
    const QString p = problem();
    problem_->setText(p);
    if (p.isEmpty()) QDialog::accept();
}

void ExportDialog::browse() {
    QString chosen;
    if (mode_ == Mode::Clip && format_->currentIndex() == Pngs)
        chosen = QFileDialog::getExistingDirectory(this, tr("Folder for the PNG frames"), path());
    else
        chosen = QFileDialog::getSaveFileName(this, windowTitle(), path());
    if (!chosen.isEmpty()) path_->setText(chosen);
}

void ExportDialog::formatChanged() {
    // Keep the name, change its extension to the format's.
    QString p = path();
    const int f = format_->currentIndex();
    const QFileInfo info(p);
    if (!p.isEmpty()) {
        const QString base = info.path() + QLatin1Char('/') + info.completeBaseName();
        p = f == Pngs ? base + QStringLiteral("-frames") : base + QLatin1String(kSuffix[f]);
        if (info.completeBaseName().endsWith(QStringLiteral("-frames")) && f != Pngs)
            p = info.path() + QLatin1Char('/') + info.completeBaseName().chopped(7) + QLatin1String(kSuffix[f]);
        path_->setText(p);
    }
    problem_->clear();
}

}  // namespace iglu::plugins::viewer3d
