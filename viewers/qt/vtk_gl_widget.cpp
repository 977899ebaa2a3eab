#include "viewers/qt/vtk_gl_widget.hpp"

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkNew.h>
#include <vtkOpenGLFramebufferObject.h>
#include <vtkOpenGLState.h>
#include <vtkRenderer.h>
#include <vtkRendererCollection.h>

#include <QElapsedTimer>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QWheelEvent>

namespace iglu::viewers {

struct VtkGlWidget::Impl {
    vtkNew<vtkGenericOpenGLRenderWindow> window;
    vtkNew<vtkGenericRenderWindowInteractor> interactor;
    vtkNew<vtkInteractorStyleTrackballCamera> style;
    vtkNew<vtkCallbackCommand> windowEvents;
    vtkNew<vtkCallbackCommand> renderRequests;
    bool initialized = false;
    bool measure = false;
    double lastFrameMs = 0;
    int frames = 0;
};

VtkGlWidget::VtkGlWidget(QWidget* parent) : QOpenGLWidget(parent), impl_(std::make_unique<Impl>()) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setMinimumSize(160, 120);

    auto& d = *impl_;
    d.window->SetMultiSamples(0);
    d.window->SetFrameBlitModeToNoBlit();  // paintGL blits into Qt's framebuffer itself
    d.interactor->SetRenderWindow(d.window);
    d.interactor->SetInteractorStyle(d.style);
    d.interactor->EnableRenderOff();        // interactor renders become update() (RenderEvent below)

    d.windowEvents->SetClientData(this);
    d.windowEvents->SetCallback([](vtkObject*, unsigned long id, void* self, void* callData) {
        auto* w = static_cast<VtkGlWidget*>(self);
        QOpenGLContext* ctx = w->context();
        switch (id) {
            case vtkCommand::WindowMakeCurrentEvent:
                if (ctx != nullptr && QOpenGLContext::currentContext() != ctx) ctx->makeCurrent(ctx->surface());
                break;
            case vtkCommand::WindowIsCurrentEvent:
                *static_cast<bool*>(callData) = ctx != nullptr && QOpenGLContext::currentContext() == ctx;
                break;
            case vtkCommand::WindowSupportsOpenGLEvent:
                *static_cast<int*>(callData) = 1;
                break;
            case vtkCommand::WindowIsDirectEvent:
                *static_cast<int*>(callData) = 1;
                break;
            default: break;
        }
    });
    for (unsigned long id : {vtkCommand::WindowMakeCurrentEvent, vtkCommand::WindowIsCurrentEvent,
                             vtkCommand::WindowSupportsOpenGLEvent, vtkCommand::WindowIsDirectEvent})
        d.window->AddObserver(id, d.windowEvents);

    d.renderRequests->SetClientData(this);
    d.renderRequests->SetCallback([](vtkObject*, unsigned long, void* self, void*) {
        static_cast<VtkGlWidget*>(self)->update();
    });
    d.interactor->AddObserver(vtkCommand::RenderEvent, d.renderRequests);
}

VtkGlWidget::~VtkGlWidget() {
    // QOpenGLWidget's destructor (which runs after this one) destroys the context: the
    // aboutToBeDestroyed handler must not reach this half-destroyed object then.
    if (QOpenGLContext* c = context()) disconnect(c, nullptr, this, nullptr);
    if (impl_->initialized) {
        makeCurrent();
        cleanupGL();
        doneCurrent();
    }
    impl_->window->RemoveAllObservers();
    impl_->interactor->RemoveAllObservers();
}

void VtkGlWidget::cleanupGL() {
    if (!impl_->initialized) return;
    impl_->window->Finalize();  // releases the renderers' GL resources in this context
    impl_->initialized = false;
}

void VtkGlWidget::addRenderer(vtkRenderer* renderer) {
    impl_->window->AddRenderer(renderer);
    update();
}
vtkGenericOpenGLRenderWindow* VtkGlWidget::renderWindow() const noexcept { return impl_->window; }
vtkRenderWindowInteractor* VtkGlWidget::interactor() const noexcept { return impl_->interactor; }
void VtkGlWidget::setMeasureFrames(bool on) noexcept { impl_->measure = on; }
double VtkGlWidget::lastFrameMs() const noexcept { return impl_->lastFrameMs; }
int VtkGlWidget::framesRendered() const noexcept { return impl_->frames; }

bool VtkGlWidget::forwardsKey(int qtKey) noexcept { return qtKey == Qt::Key_R || qtKey == Qt::Key_F; }

void VtkGlWidget::initializeGL() {
    auto& d = *impl_;
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] { cleanupGL(); }, Qt::DirectConnection);
    d.window->SetReadyForRendering(true);
    d.window->SetOwnContext(0);
    d.window->SetForceMaximumHardwareLineWidth(1);
    d.window->OpenGLInitContext();
    d.initialized = true;
    if (!d.interactor->GetInitialized()) d.interactor->Initialize();
}

void VtkGlWidget::resizeGL(int w, int h) {
    const double dpr = devicePixelRatioF();
    const int pw = static_cast<int>(w * dpr), ph = static_cast<int>(h * dpr);
    impl_->interactor->UpdateSize(pw, ph);
    impl_->window->SetSize(pw, ph);
}

void VtkGlWidget::paintGL() {
    auto& d = *impl_;
    if (!d.initialized) return;
    QElapsedTimer timer;
    timer.start();
    vtkOpenGLState* state = d.window->GetState();
    state->Reset();  // Qt changed GL state behind VTK's cache
    state->Push();
    state->vtkglDepthFunc(GL_LEQUAL);
    d.window->Render();
    state->Pop();

    // Blit VTK's display framebuffer into the widget's framebuffer.
    QOpenGLExtraFunctions* f = context()->extraFunctions();
    f->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    const GLenum attachment = GL_COLOR_ATTACHMENT0;
    f->glDrawBuffers(1, &attachment);
    const bool scissor = f->glIsEnabled(GL_SCISSOR_TEST) == GL_TRUE;
    if (scissor) f->glDisable(GL_SCISSOR_TEST);
    int* size = d.window->GetRenderFramebuffer()->GetLastSize();
    const double dpr = devicePixelRatioF();
    d.window->BlitDisplayFramebuffer(0, 0, 0, size[0], size[1], 0, 0, static_cast<int>(width() * dpr),
                                     static_cast<int>(height() * dpr), GL_COLOR_BUFFER_BIT, GL_NEAREST);
    // Opaque alpha, otherwise the compositor may blend the view with what is behind it.
    GLboolean mask[4];
    f->glGetBooleanv(GL_COLOR_WRITEMASK, mask);
    GLfloat clear[4];
    f->glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
    f->glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
    f->glClearColor(0, 0, 0, 1);
    f->glClear(GL_COLOR_BUFFER_BIT);
    f->glColorMask(mask[0], mask[1], mask[2], mask[3]);
    f->glClearColor(clear[0], clear[1], clear[2], clear[3]);
    if (scissor) f->glEnable(GL_SCISSOR_TEST);
    if (d.measure) f->glFinish();
    d.lastFrameMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    ++d.frames;
    emit frameRendered();
}

namespace {
void setEventInfo(vtkRenderWindowInteractor* iren, const QPointF& pos, Qt::KeyboardModifiers mods, double dpr,
                  int repeat = 0) {
    iren->SetEventInformationFlipY(static_cast<int>(pos.x() * dpr), static_cast<int>(pos.y() * dpr),
                                   (mods & Qt::ControlModifier) ? 1 : 0, (mods & Qt::ShiftModifier) ? 1 : 0, 0,
                                   repeat);
    iren->SetAltKey((mods & Qt::AltModifier) ? 1 : 0);
}
unsigned long pressEvent(Qt::MouseButton b) {
    switch (b) {
        case Qt::LeftButton: return vtkCommand::LeftButtonPressEvent;
        case Qt::MiddleButton: return vtkCommand::MiddleButtonPressEvent;
        case Qt::RightButton: return vtkCommand::RightButtonPressEvent;
        default: return vtkCommand::NoEvent;
    }
}
unsigned long releaseEvent(Qt::MouseButton b) {
    switch (b) {
        case Qt::LeftButton: return vtkCommand::LeftButtonReleaseEvent;
        case Qt::MiddleButton: return vtkCommand::MiddleButtonReleaseEvent;
        case Qt::RightButton: return vtkCommand::RightButtonReleaseEvent;
        default: return vtkCommand::NoEvent;
    }
}
}  // namespace

void VtkGlWidget::mousePressEvent(QMouseEvent* e) {
    const unsigned long id = pressEvent(e->button());
    if (id == vtkCommand::NoEvent) return;
    setEventInfo(impl_->interactor, e->position(), e->modifiers(), devicePixelRatioF());
    impl_->interactor->InvokeEvent(id, e);
}
void VtkGlWidget::mouseDoubleClickEvent(QMouseEvent* e) {
    const unsigned long id = pressEvent(e->button());
    if (id == vtkCommand::NoEvent) return;
    setEventInfo(impl_->interactor, e->position(), e->modifiers(), devicePixelRatioF(), 1);
    impl_->interactor->InvokeEvent(id, e);
}
void VtkGlWidget::mouseReleaseEvent(QMouseEvent* e) {
    const unsigned long id = releaseEvent(e->button());
    if (id == vtkCommand::NoEvent) return;
    setEventInfo(impl_->interactor, e->position(), e->modifiers(), devicePixelRatioF());
    impl_->interactor->InvokeEvent(id, e);
}
void VtkGlWidget::mouseMoveEvent(QMouseEvent* e) {
    setEventInfo(impl_->interactor, e->position(), e->modifiers(), devicePixelRatioF());
    impl_->interactor->InvokeEvent(vtkCommand::MouseMoveEvent, e);
}
void VtkGlWidget::wheelEvent(QWheelEvent* e) {
    const int dy = e->angleDelta().y();
    if (dy == 0) return;
    setEventInfo(impl_->interactor, e->position(), e->modifiers(), devicePixelRatioF());
    impl_->interactor->InvokeEvent(dy > 0 ? vtkCommand::MouseWheelForwardEvent : vtkCommand::MouseWheelBackwardEvent, e);
    e->accept();
}
void VtkGlWidget::keyPressEvent(QKeyEvent* e) {
    if (!forwardsKey(e->key())) {
        QOpenGLWidget::keyPressEvent(e);
        return;
    }
    const QByteArray text = e->text().toLatin1();
    const char key = text.isEmpty() ? '\0' : text.at(0);
    const char sym[2] = {key, '\0'};
    auto* iren = impl_->interactor.Get();
    iren->SetKeyEventInformation((e->modifiers() & Qt::ControlModifier) ? 1 : 0,
                                 (e->modifiers() & Qt::ShiftModifier) ? 1 : 0, key, e->count(), sym);
    iren->InvokeEvent(vtkCommand::KeyPressEvent, e);
    iren->InvokeEvent(vtkCommand::CharEvent, e);
}
void VtkGlWidget::keyReleaseEvent(QKeyEvent* e) {
    if (!forwardsKey(e->key())) {
        QOpenGLWidget::keyReleaseEvent(e);
        return;
    }
    impl_->interactor->InvokeEvent(vtkCommand::KeyReleaseEvent, e);
}
void VtkGlWidget::enterEvent(QEnterEvent* e) {
    impl_->interactor->InvokeEvent(vtkCommand::EnterEvent, e);
    QOpenGLWidget::enterEvent(e);
}
void VtkGlWidget::leaveEvent(QEvent* e) {
    impl_->interactor->InvokeEvent(vtkCommand::LeaveEvent, e);
    QOpenGLWidget::leaveEvent(e);
}

}  // namespace iglu::viewers
