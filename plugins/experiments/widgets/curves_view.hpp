#pragma once
// The Experiments dock's Curves tab: the training curves a script logged (Python's
// Catalog.log_scalar) as TensorBoard draws them — a run (the one logged to last by default), its
// tags to show (new tags shown), one line per tag against the step, and a smoothing slider (the
// debiased moving average of logic/scalar_curves; the raw points stay as a faint line). refresh()
// re-reads the catalog keeping the run and tags chosen by name: the panel calls it when another
// program writes (DataService::changedElsewhere).
#include <functional>

#include <QChartView>
#include <QWidget>

#include "logic/scalar_curves.hpp"

class QComboBox;
class QLabel;
class QListWidget;
class QSlider;

namespace iglu::catalog {
class Catalog;
}

namespace iglu::plugins::experiments {

class CurvesView : public QWidget {
    Q_OBJECT
public:
    /// `read` runs a read of the catalog guarded (a failure reported by the panel; false then).
    using Reader = std::function<bool(const std::function<void(const catalog::Catalog&)>&)>;
    explicit CurvesView(Reader read, QWidget* parent = nullptr);

    /// Re-reads the runs, the run's tags and the curves.
    void refresh();
    Q_INVOKABLE bool selectRun(const QString& run);
    Q_INVOKABLE QString currentRun() const;
    /// Shows or hides a tag's curve; false when the run has no such tag.
    Q_INVOKABLE bool showTag(const QString& tag, bool shown);
    /// 0 (raw) .. kMaxSmoothing, in steps of 0.01.
    Q_INVOKABLE void setSmoothing(double weight);
    double smoothing() const;
    /// What is drawn (tests): the shown tags' curves.
    const QList<Curve>& curves() const noexcept { return curves_; }
    QChart* chart() const noexcept { return chart_; }

private:
    void fillTags(const QStringList& tags);
    void draw();
    QStringList shownTags() const;

    Reader read_;
    QComboBox* runs_;
    QListWidget* tags_;
    QSlider* smoothing_;
    QLabel* smoothingLabel_;
    QLabel* empty_;
    QChartView* view_;
    QChart* chart_;
    QList<Curve> curves_;
    QStringList hidden_;  ///< tags the user hid (kept by name across refreshes and runs)
};

}  // namespace iglu::plugins::experiments
