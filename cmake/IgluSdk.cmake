# The plugin SDK: `cmake --install <build> --component sdk --prefix <dir>` installs what a plugin
# built outside this tree needs (examples/plugins/hello: README.md):
#   include/workbench/api/   the plugin API headers, export.hpp and version.hpp (generated)
#   include/core/            the core and catalog headers the API headers include
#   lib/                     libiglu-workbench-api.so, and libiglu_core.a / libiglu_catalog.a
#                            (the API's public dependencies, linked statically like in the tree)
#   lib/cmake/IgluWorkbench/ IgluWorkbenchConfig.cmake (+ version file): find_package(IgluWorkbench)
#                            gives the imported target iglu::workbench_api and iglu_add_plugin()
#                            (IgluPlugin.cmake, IgluHeadless.cmake), IGLU_WORKBENCH_API_VERSION
# The default install (every component) holds the SDK too: one prefix has the application, its
# plugins and what is needed to build more.
include(CMakePackageConfigHelpers)

set(iglu_sdk_cmake_dir lib/cmake/IgluWorkbench)
# The exported names: iglu::workbench_api, iglu::core, iglu::catalog, iglu::warnings.
set_target_properties(iglu_core PROPERTIES EXPORT_NAME core)
set_target_properties(iglu_catalog PROPERTIES EXPORT_NAME catalog)
set_target_properties(iglu_warnings PROPERTIES EXPORT_NAME warnings)
install(TARGETS iglu_workbench_api iglu_core iglu_catalog iglu_warnings
  EXPORT IgluWorkbenchTargets
  LIBRARY DESTINATION lib COMPONENT sdk
  ARCHIVE DESTINATION lib COMPONENT sdk
  INCLUDES DESTINATION include)
install(EXPORT IgluWorkbenchTargets NAMESPACE iglu:: DESTINATION ${iglu_sdk_cmake_dir} COMPONENT sdk)

# Headers: the API's, the generated ones beside them, and the core / catalog headers they include.
foreach(dir "${PROJECT_SOURCE_DIR}/workbench/api/include/" "${PROJECT_BINARY_DIR}/workbench/api/include/"
            "${PROJECT_SOURCE_DIR}/core/include/" "${PROJECT_SOURCE_DIR}/core/catalog/include/")
  install(DIRECTORY "${dir}" DESTINATION include COMPONENT sdk FILES_MATCHING PATTERN "*.hpp")
endforeach()

configure_package_config_file("${CMAKE_CURRENT_LIST_DIR}/IgluWorkbenchConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/IgluWorkbenchConfig.cmake" INSTALL_DESTINATION ${iglu_sdk_cmake_dir})
# 0.x: a plugin asks for the minor version it was written against (find_package(IgluWorkbench 0.1)).
write_basic_package_version_file("${PROJECT_BINARY_DIR}/IgluWorkbenchConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/IgluWorkbenchConfig.cmake"
  "${PROJECT_BINARY_DIR}/IgluWorkbenchConfigVersion.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/IgluPlugin.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/IgluHeadless.cmake"
  DESTINATION ${iglu_sdk_cmake_dir} COMPONENT sdk)
