#pragma once
// The clarifying-question track's data as the catalog stores it: each task's clarity
// (IsInstructionClear), gold question id (metadata "qrel") and candidates (column qbank), and the
// question bank's texts (catalog_info "question_bank", written by the single-turn importer).
#include <string>
#include <vector>

#include "core/catalog/catalog.hpp"
#include "core/nlp/clarification_model.hpp"

namespace iglu::catalog {

inline constexpr const char* kQuestionBankKey = "question_bank";

/// The tasks with a known clarity or a gold question, in id order.
std::vector<core::ClarificationExample> clarificationExamples(const Catalog& catalog);
/// The stored question bank (empty when none); a damaged one is a CatalogError naming the key.
core::QuestionBank questionBank(const Catalog& catalog);

}  // namespace iglu::catalog
