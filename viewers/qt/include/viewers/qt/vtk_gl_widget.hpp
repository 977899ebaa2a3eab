#pragma once
// The Qt 6 bridge: a vtkGenericOpenGLRenderWindow drawing inside a QOpenGLWidget, with mouse and
// (a filtered set of) keyboard events forwarded to a VTK interactor (trackball camera).
//
// - VTK renders only inside paintGL (the interactor's own renders are turned into update()), so
//   Qt owns the frame pacing and grabFramebuffer()/QWidget::grab() work.
// - VTK's make-current callback makes Qt's context current on its surface directly; it must not
//   call QOpenGLWidget::makeCurrent(), which rebinds Qt's framebuffer under VTK.
// - VTK renders into its own framebuffer; paintGL blits it into defaultFramebufferObject().
// - VTK's default keys that exit ('e', 'q'), switch to stereo ('3') or change representation are
//   not forwarded; 'r' (reset camera) and 'f' (fly to) are.
#include "viewers/qt/export.hpp"

#include <memory>

#include <QOpenGLWidget>

class vtkGenericOpenGLRenderWindow;
class vtkRenderWindowInteractor;
class vtkRenderer;

namespace iglu::viewers {

class IGLU_VIEWERS_EXPORT VtkGlWidget : public QOpenGLWidget {
    Q_OBJECT
public:
    explicit VtkGlWidget(QWidget* parent = nullptr);
    ~VtkGlWidget() override;

    void addRenderer(vtkRenderer* renderer);
    vtkGenericOpenGLRenderWindow* renderWindow() const noexcept;
    vtkRenderWindowInteractor* interactor() const noexcept;

    /// When on, paintGL waits for the frame to finish (glFinish) so lastFrameMs() is the real
    /// render time; off by default.
    void setMeasureFrames(bool on) noexcept;
    /// Duration of the last paintGL (VTK render + blit), milliseconds.
    double lastFrameMs() const noexcept;
    /// Number of frames rendered so far.
    int framesRendered() const noexcept;
    /// Whether the key (Qt::Key) is forwarded to the VTK interactor.
    static bool forwardsKey(int qtKey) noexcept;

signals:
    /// Emitted at the end of every paintGL.
    void frameRendered();

protected:
    void initializeGL() override;
    void resizeGL(int w, int h) override;
    void paintGL() override;
    void mousePressEvent(QMouseEvent* e) override;
    void mouseReleaseEvent(QMouseEvent* e) override;
    void mouseMoveEvent(QMouseEvent* e) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void wheelEvent(QWheelEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;
    void keyReleaseEvent(QKeyEvent* e) override;
    void enterEvent(QEnterEvent* e) override;
    void leaveEvent(QEvent* e) override;

private:
    void cleanupGL();
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace iglu::viewers
