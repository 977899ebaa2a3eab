#include "plugin_manager.hpp"

#include <exception>
#include <functional>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QLibrary>
#include <QStandardPaths>

#include "core/util/resource_dirs.hpp"
#include "workbench/api/context.hpp"
#include "workbench/api/message_log.hpp"
#include "workbench/api/plugin.hpp"

namespace iglu::workbench {

namespace {
const QString kIidPrefix = QStringLiteral("org.iglu.workbench.IPlugin/");
const QString kLogSource = QStringLiteral("plugins");

// Why a file named like a library cannot be a plugin, judged without loading or blocking on it
// (a FIFO is never opened); empty when it looks like a shared library (ELF).
QString notAPlugin(const QFileInfo& file) {
    if (file.isSymLink() && !file.exists())
        return QStringLiteral("not a plugin: dangling symbolic link to %1").arg(file.symLinkTarget());
    if (file.isDir()) return QStringLiteral("not a plugin: a folder");
    if (!file.isFile()) return QStringLiteral("not a plugin: not a regular file (FIFO, socket or device)");
    if (!file.isReadable()) return QStringLiteral("cannot read the file: permission denied");
    if (file.size() == 0) return QStringLiteral("not a plugin: empty file");
    QFile f(file.absoluteFilePath());
    if (!f.open(QIODevice::ReadOnly)) return QStringLiteral("cannot read the file: %1").arg(f.errorString());
    if (f.read(4) != QByteArray("\x7f" "ELF", 4)) return QStringLiteral("not a plugin: not a shared library (no ELF header)");
    return {};
}
}  // namespace

QString pluginStateName(PluginState s) {
    switch (s) {
        case PluginState::Discovered: return QStringLiteral("discovered");
        case PluginState::Disabled: return QStringLiteral("disabled");
        case PluginState::Failed: return QStringLiteral("failed");
        case PluginState::Loaded: return QStringLiteral("loaded");
    }
    return QStringLiteral("?");
}

PluginManager::PluginManager(PluginContext& context, QObject* parent) : QObject(parent), context_(context) {}

PluginManager::~PluginManager() { shutdown(); }

QStringList PluginManager::defaultSearchPaths() {
    QStringList paths;
    paths << QString::fromStdString(core::pluginDir());  // <exe>/../lib/iglu/plugins
    const QString user = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    if (!user.isEmpty()) paths << user + QStringLiteral("/plugins");
    const QString env = qEnvironmentVariable("IGLU_WORKBENCH_PLUGIN_PATH");
    for (const QString& p : env.split(QLatin1Char(':'), Qt::SkipEmptyParts)) paths << p;
    return paths;
}

const PluginSpec* PluginManager::plugin(const QString& name) const {
    for (const auto& s : specs_)
        if (s.name == name) return &s;
    return nullptr;
}

void PluginManager::fail(PluginSpec& spec, const QString& reason) {
    spec.state = PluginState::Failed;
    spec.error = reason;
    context_.log().error(kLogSource, QStringLiteral("%1 (%2): %3").arg(spec.name, spec.filePath, reason));
}

void PluginManager::discover() {
    QStringList seen;
    for (const QString& dirPath : searchPaths_) {
        const QDir dir(dirPath);
        if (!dir.exists()) continue;
        const QString canonical = dir.canonicalPath();
        if (seen.contains(canonical)) continue;
        seen << canonical;
        // System: FIFOs, sockets and dangling links named like libraries are reported too.
        const auto files = dir.entryInfoList(QDir::Files | QDir::System | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
        for (const QFileInfo& file : files) {
            // Every file named like a shared library is a candidate and ends with a line in the report.
            if (!QLibrary::isLibrary(file.fileName())) continue;
            if (const QString problem = notAPlugin(file); !problem.isEmpty()) {
                PluginSpec spec;
                spec.filePath = file.absoluteFilePath();
                spec.name = file.fileName();
                specs_.append(spec);
                fail(specs_.last(), problem);
                continue;
            }
            QPluginLoader probe(file.absoluteFilePath());
            const QJsonObject meta = probe.metaData();  // read from the file; the library is not loaded
            const QString iid = meta.value(QStringLiteral("IID")).toString();
            if (meta.isEmpty() || !iid.startsWith(kIidPrefix)) {
                PluginSpec spec;
                spec.filePath = file.absoluteFilePath();
                spec.name = file.fileName();
                specs_.append(spec);
                fail(specs_.last(), meta.isEmpty() ? tr("not a workbench plugin: a shared library without Qt plugin metadata")
                                                   : tr("not a workbench plugin: a Qt plugin for another application (interface %1)").arg(iid));
                continue;
            }
            const QJsonObject data = meta.value(QStringLiteral("MetaData")).toObject();
            PluginSpec spec;
            spec.filePath = file.absoluteFilePath();
            spec.name = data.value(QStringLiteral("Name")).toString();
            spec.displayName = data.value(QStringLiteral("DisplayName")).toString(spec.name);
            spec.version = data.value(QStringLiteral("Version")).toString();
            spec.description = data.value(QStringLiteral("Description")).toString();
            spec.apiVersion = data.value(QStringLiteral("ApiVersion")).toInt(0);
            for (const auto& dep : data.value(QStringLiteral("Dependencies")).toArray())
                spec.dependencies << dep.toString();
            if (spec.name.isEmpty()) {
                spec.name = file.completeBaseName();
                specs_.append(spec);
                fail(specs_.last(), tr("plugin.json has no \"Name\""));
                continue;
            }
            if (iid != QStringLiteral(IGLU_WORKBENCH_PLUGIN_IID) || spec.apiVersion != kPluginApiVersion) {
                specs_.append(spec);
                fail(specs_.last(), tr("built for plugin API version %1 (interface %2); this workbench provides "
                                       "version %3")
                                        .arg(spec.apiVersion)
                                        .arg(iid)
                                        .arg(kPluginApiVersion));
                continue;
            }
            if (const PluginSpec* other = plugin(spec.name); other != nullptr) {
                specs_.append(spec);
                fail(specs_.last(), tr("another plugin named \"%1\" was found first: %2").arg(spec.name, other->filePath));
                continue;
            }
            if (disabled_.contains(spec.name)) spec.state = PluginState::Disabled;
            specs_.append(spec);
        }
    }
}

void PluginManager::resolveOrder() {
    enum Mark { None, Active, Done };
    QList<Mark> marks(specs_.size(), None);
    const auto indexOf = [this](const QString& name) -> qsizetype {
        for (qsizetype i = 0; i < specs_.size(); ++i)
            if (specs_[i].name == name && specs_[i].state != PluginState::Failed) return i;
        for (qsizetype i = 0; i < specs_.size(); ++i)
            if (specs_[i].name == name) return i;
        return -1;
    };
    QStringList stack;
    std::function<void(qsizetype)> visit = [&](qsizetype i) {
        if (marks[i] == Done) return;
        PluginSpec& spec = specs_[i];
        if (marks[i] == Active) {
            const qsizetype from = stack.indexOf(spec.name);
            const QString cycle = (stack.mid(from) << spec.name).join(QStringLiteral(" -> "));
            for (const QString& n : stack.mid(from)) {
                PluginSpec& member = specs_[indexOf(n)];
                if (member.state != PluginState::Failed) fail(member, tr("dependency cycle: %1").arg(cycle));
            }
            return;
        }
        marks[i] = Active;
        stack << spec.name;
        for (const QString& dep : spec.dependencies) {
            const qsizetype d = indexOf(dep);
            if (d < 0) {
                if (spec.state != PluginState::Failed)
                    fail(spec, tr("requires plugin \"%1\", which is not installed").arg(dep));
                continue;
            }
            visit(d);
            if (spec.state == PluginState::Failed) continue;
            if (specs_[d].state == PluginState::Failed)
                fail(spec, tr("requires plugin \"%1\", which failed: %2").arg(dep, specs_[d].error));
            else if (specs_[d].state == PluginState::Disabled && spec.state != PluginState::Disabled)
                fail(spec, tr("requires plugin \"%1\", which is disabled").arg(dep));
        }
        stack.removeLast();
        marks[i] = Done;
        if (spec.state == PluginState::Discovered) loadOrder_.append(static_cast<int>(i));
    };
    for (qsizetype i = 0; i < specs_.size(); ++i)
        if (specs_[i].state != PluginState::Failed) visit(i);
}

void PluginManager::loadOne(PluginSpec& spec) {
    for (const QString& dep : spec.dependencies) {
        const PluginSpec* d = plugin(dep);
        if (d == nullptr || d->state != PluginState::Loaded) {
            fail(spec, tr("requires plugin \"%1\", which failed to load").arg(dep));
            return;
        }
    }
    spec.loader = new QPluginLoader(spec.filePath, this);
    // Resolve every symbol now: a missing symbol is a load error, not a crash at first call.
    spec.loader->setLoadHints(QLibrary::ResolveAllSymbolsHint);
    if (!spec.loader->load()) {
        fail(spec, tr("cannot load the library: %1").arg(spec.loader->errorString()));
        return;
    }
    QObject* root = spec.loader->instance();
    auto* instance = qobject_cast<IPlugin*>(root);
    if (instance == nullptr) {
        fail(spec, root == nullptr ? tr("no plugin instance: %1").arg(spec.loader->errorString())
                                   : tr("the plugin object does not implement %1").arg(IGLU_WORKBENCH_PLUGIN_IID));
        return;
    }
    QString error;
    bool ok = false;
    try {
        ok = instance->initialize(context_, &error);
        if (!ok && error.isEmpty()) error = tr("initialize() returned false");
    } catch (const std::exception& e) {
        error = tr("initialize() threw: %1").arg(QString::fromLocal8Bit(e.what()));
    } catch (...) {
        error = tr("initialize() threw an unknown exception");
    }
    if (!ok) {
        fail(spec, error);
        return;
    }
    spec.instance = instance;
    spec.state = PluginState::Loaded;
    context_.log().info(kLogSource, tr("loaded %1 %2").arg(spec.name, spec.version));
}

void PluginManager::loadPlugins() {
    if (loaded_) return;
    loaded_ = true;
    discover();
    resolveOrder();
    for (int i : loadOrder_) loadOne(specs_[i]);
    for (auto it = loadOrder_.crbegin(); it != loadOrder_.crend(); ++it) {
        PluginSpec& spec = specs_[*it];
        if (spec.state != PluginState::Loaded) continue;
        try {
            spec.instance->extensionsInitialized();
        } catch (const std::exception& e) {
            context_.log().error(kLogSource, tr("%1: extensionsInitialized() threw: %2").arg(spec.name, e.what()));
        } catch (...) {
            context_.log().error(kLogSource, tr("%1: extensionsInitialized() threw").arg(spec.name));
        }
    }
    emit pluginsLoaded();
}

void PluginManager::shutdown() {
    if (!loaded_ || shutDown_) return;
    shutDown_ = true;
    for (auto it = loadOrder_.crbegin(); it != loadOrder_.crend(); ++it) {
        PluginSpec& spec = specs_[*it];
        if (spec.state != PluginState::Loaded) continue;
        try {
            spec.instance->shutdown();
        } catch (...) {
            context_.log().error(kLogSource, tr("%1: shutdown() threw").arg(spec.name));
        }
    }
    // Libraries stay loaded until the process ends: widgets they created may still be alive.
}

QStringList PluginManager::report() const {
    QStringList lines;
    for (const auto& s : specs_) {
        QString line = QStringLiteral("%1 %2: %3").arg(s.name, s.version.isEmpty() ? QStringLiteral("-") : s.version,
                                                         pluginStateName(s.state));
        if (s.state == PluginState::Failed) line += QStringLiteral(": ") + s.error;
        line += QStringLiteral("  [%1]").arg(s.filePath);
        lines << line;
    }
    return lines;
}

}  // namespace iglu::workbench
