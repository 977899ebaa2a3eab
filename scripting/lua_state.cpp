#include "scripting/lua_state.hpp"

#include <cstdlib>
#include <cstring>
#include <sstream>

#include "scripting/module.hpp"
#include "scripting/state_context.hpp"

namespace iglu::scripting {

using detail::StateContext;

struct LuaState::Context : StateContext {};

namespace {

void* capAlloc(void* ud, void* ptr, std::size_t osize, std::size_t nsize) noexcept {
    auto* ctx = static_cast<StateContext*>(ud);
    const std::size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        std::free(ptr);
        ctx->used -= old;
        return nullptr;
    }
    const std::size_t limit = ctx->options.memoryLimit;
    if (limit != 0 && nsize > old && ctx->used - old + nsize > limit) return nullptr;  // Lua raises "not enough memory"
    void* p = std::realloc(ptr, nsize);
    if (p) ctx->used = ctx->used - old + nsize;
    return p;
}

// Count hook: charges kHookEvery instructions; once the budget is gone it errors on every
// instruction (count 1), so a pcall in the script catches the error only to be interrupted again
// at its next instruction: the abort always reaches the host.
void budgetHook(lua_State* L, lua_Debug*) {
    StateContext* ctx = detail::context(L);
    if (!ctx->aborted) {
        if (ctx->options.instructionBudget <= 0) return;
        ctx->remaining -= detail::kHookEvery;
        if (ctx->remaining > 0) return;
        ctx->aborted = true;
        lua_sethook(L, budgetHook, LUA_MASKCOUNT, 1);
    }
    luaL_error(L, "instruction budget exceeded (%I instructions per call)",
               static_cast<lua_Integer>(ctx->options.instructionBudget));
}

int messageHandler(lua_State* L) {
    const char* msg = lua_tostring(L, 1);
    if (msg == nullptr) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int panic(lua_State* L) {
    const char* msg = lua_tostring(L, -1);
    std::fprintf(stderr, "iglu: unprotected Lua error: %s\n", msg ? msg : "?");
    std::abort();
}

}  // namespace

std::string bundledLibraryDir() {
    if (const char* env = std::getenv("IGLU_LUA_LIB"); env && *env) return env;
    return IGLU_LUA_LIB_DIR;
}

std::vector<std::string> defaultDataDirs() {
    std::vector<std::string> dirs;
    std::stringstream ss(IGLU_DEFAULT_DATA_DIRS);
    for (std::string d; std::getline(ss, d, '|');)
        if (!d.empty()) dirs.push_back(d);
    return dirs;
}

LuaState::LuaState(SandboxOptions options) : ctx_(new Context) {
    ctx_->options = std::move(options);
    if (ctx_->options.requireDirs.empty()) ctx_->options.requireDirs.push_back(bundledLibraryDir());
    L_ = lua_newstate(capAlloc, static_cast<StateContext*>(ctx_));
    if (L_ == nullptr) {
        delete ctx_;
        throw ScriptError("lua", "cannot create a Lua state (out of memory)");
    }
    StateContext* base = ctx_;
    std::memcpy(lua_getextraspace(L_), &base, sizeof(base));
    lua_atpanic(L_, panic);
    // Library setup runs protected: a memory error there becomes a ScriptError.
    struct Setup {
        static int run(lua_State* L) {
            StateContext* ctx = detail::context(L);
            if (ctx->options.sandboxed) detail::installSandbox(L, ctx->options);
            else detail::installTrusted(L, ctx->options);
            return 0;
        }
    };
    lua_pushcfunction(L_, Setup::run);
    if (lua_pcall(L_, 0, 0, 0) != LUA_OK) {
        std::string msg = lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "?";
        lua_close(L_);
        delete ctx_;
        throw ScriptError("lua setup", msg);
    }
    lua_sethook(L_, budgetHook, LUA_MASKCOUNT, detail::kHookEvery);
    resetBudget();
}

LuaState::~LuaState() {
    if (L_) lua_close(L_);
    delete ctx_;
}

const SandboxOptions& LuaState::options() const noexcept { return ctx_->options; }

void LuaState::resetBudget() noexcept {
    ctx_->remaining = ctx_->options.instructionBudget;
    if (ctx_->aborted) {
        ctx_->aborted = false;
        lua_sethook(L_, budgetHook, LUA_MASKCOUNT, detail::kHookEvery);
    }
}

bool LuaState::budgetExceeded() const noexcept { return ctx_->aborted; }
std::size_t LuaState::memoryUsed() const noexcept { return ctx_->used; }

void LuaState::setPrint(std::function<void(std::string_view)> sink) {
    ctx_->print = std::move(sink);
    lua_pushcfunction(L_, detail::hostPrint);
    lua_setglobal(L_, "print");
}

int LuaState::pcall(int nargs, int nresults) noexcept {
    resetBudget();
    const int base = lua_gettop(L_) - nargs;  // the function's slot
    lua_pushcfunction(L_, messageHandler);
    lua_insert(L_, base);
    const int status = lua_pcall(L_, nargs, nresults, base);
    lua_remove(L_, base);
    return status;
}

std::string LuaState::popError() {
    std::string msg;
    if (const char* s = lua_tostring(L_, -1)) msg = s;
    else msg = std::string("(error object is a ") + luaL_typename(L_, -1) + " value)";
    lua_pop(L_, 1);
    return msg;
}

void LuaState::doFile(const std::string& path, int nresults) {
    if (luaL_loadfilex(L_, path.c_str(), "t") != LUA_OK) throw ScriptError(path, popError());
    if (pcall(0, nresults) != LUA_OK) throw ScriptError(path, popError());
}

void LuaState::doString(const std::string& code, const std::string& chunkName, int nresults) {
    if (luaL_loadbufferx(L_, code.data(), code.size(), ("=" + chunkName).c_str(), "t") != LUA_OK)
        throw ScriptError(chunkName, popError());
    if (pcall(0, nresults) != LUA_OK) throw ScriptError(chunkName, popError());
}

}  // namespace iglu::scripting
