#pragma once
// The Labeling dock's Skills tab: every skill's definition and a short example, as one HTML text
// (from core::skillDefinition / core::skillExample, the one wording of each), with its key.
// Qt Core only; headless.
#include <QString>

namespace iglu::plugins::labeling {

/// "<h3>1 flat</h3><p>definition</p><p><i>Example:</i> ...</p>" for each skill, in key order.
QString skillGuideHtml();

}  // namespace iglu::plugins::labeling
