# Finds every third-party dependency; a missing one is reported with the Debian package that provides it.
include(FindPkgConfig)

macro(dynascope_require found what package)
  if(NOT ${found})
    message(FATAL_ERROR "Dynascope needs ${what}: install the Debian package '${package}' "
                        "(or run packaging/install-deps.sh).")
  endif()
endmacro()

# The embedded interpreter must be Debian's 3.11, where `import torch` works; never a python3 on PATH.
if(NOT Python3_EXECUTABLE)
  set(Python3_EXECUTABLE /usr/bin/python3.11 CACHE FILEPATH "Python 3.11 to embed")
endif()
find_package(Python3 3.11 EXACT COMPONENTS Interpreter Development.Embed)
dynascope_require(Python3_Development.Embed_FOUND "CPython 3.11 headers and library" "libpython3.11-dev")

find_package(Qt6 COMPONENTS Core Gui Widgets Svg SvgWidgets Charts Test Concurrent)
dynascope_require(Qt6Widgets_FOUND "Qt 6 Widgets" "qt6-base-dev")
dynascope_require(Qt6Svg_FOUND "Qt 6 Svg" "qt6-svg-dev")
dynascope_require(Qt6Charts_FOUND "Qt 6 Charts" "qt6-charts-dev")

find_path(QSCINTILLA_INCLUDE_DIR Qsci/qsciscintilla.h PATH_SUFFIXES x86_64-linux-gnu/qt6 qt6)
find_library(QSCINTILLA_LIBRARY NAMES qscintilla2_qt6)
if(QSCINTILLA_INCLUDE_DIR AND QSCINTILLA_LIBRARY)
  add_library(QScintilla::QScintilla UNKNOWN IMPORTED)
  set_target_properties(QScintilla::QScintilla PROPERTIES
    IMPORTED_LOCATION ${QSCINTILLA_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${QSCINTILLA_INCLUDE_DIR}
    INTERFACE_LINK_LIBRARIES "Qt6::Widgets")
  set(QSCINTILLA_FOUND TRUE)
endif()
dynascope_require(QSCINTILLA_FOUND "QScintilla for Qt 6" "libqscintilla2-qt6-dev")

pkg_check_modules(GRAPHVIZ IMPORTED_TARGET libgvc libcgraph)
dynascope_require(GRAPHVIZ_FOUND "Graphviz cgraph and gvc" "libgraphviz-dev")

find_package(nlohmann_json 3.10)
dynascope_require(nlohmann_json_FOUND "nlohmann-json" "nlohmann-json3-dev")

# LibTorch: Debian's CPU build. Only core/engine may link it.
find_package(Torch QUIET)
dynascope_require(Torch_FOUND "LibTorch 1.13" "libtorch-dev")
