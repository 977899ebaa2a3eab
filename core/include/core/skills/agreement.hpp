#pragma once
// Agreement between two binary labelings of one skill (predicted vs reference, or labeler A vs
// labeler B): precision, recall, F1 and Cohen's kappa from the 2x2 confusion counts.
namespace iglu::core {

struct Agreement {
    int tp = 0, fp = 0, fn = 0, tn = 0;

    void add(bool predicted, bool reference) noexcept {
        if (predicted) (reference ? tp : fp)++;
        else (reference ? fn : tn)++;
    }
    int total() const noexcept { return tp + fp + fn + tn; }
    double precision() const noexcept { return tp + fp ? double(tp) / (tp + fp) : 0.0; }
    double recall() const noexcept { return tp + fn ? double(tp) / (tp + fn) : 0.0; }
    double accuracy() const noexcept { return total() ? double(tp + tn) / total() : 0.0; }
    double f1() const noexcept { return 2 * tp + fp + fn ? 2.0 * tp / (2 * tp + fp + fn) : 0.0; }
    /// Cohen's kappa: (observed - chance agreement) / (1 - chance agreement); 1 when both
    /// labelings are constant and equal, 0 for an empty set.
    double kappa() const noexcept {
        const double n = total();
        if (n == 0) return 0.0;
        const double po = (tp + tn) / n;
        const double pe = (double(tp + fp) * (tp + fn) + double(fn + tn) * (fp + tn)) / (n * n);
        return pe >= 1.0 ? 1.0 : (po - pe) / (1.0 - pe);
    }
};

}  // namespace iglu::core
