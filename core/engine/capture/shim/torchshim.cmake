# The torch API shim: shim/*.py embedded into dynascope_capture, regenerated when a .py changes.
set(DYNASCOPE_SHIM_SOURCES
  bootstrap.py install.py api.py backends.py config.py exc.py explain.py graphmodule.py
  report.py testing.py)
# The kernel generator (backend="inductor") lives in core/engine/backends/inductor/.
foreach(_kernels_py ir ops lower pointwise views schedule codegen build backend config)
  list(APPEND DYNASCOPE_SHIM_SOURCES "../../backends/inductor/kernels_${_kernels_py}.py")
endforeach()
list(TRANSFORM DYNASCOPE_SHIM_SOURCES PREPEND "${CMAKE_CURRENT_SOURCE_DIR}/shim/" OUTPUT_VARIABLE _shim_paths)
# Commas, not semicolons: a ;-list would be split on its way through the build tool.
string(REPLACE ";" "," _shim_list "${DYNASCOPE_SHIM_SOURCES}")
set(_shim_generated "${CMAKE_CURRENT_BINARY_DIR}/torchshimsources.cpp")
add_custom_command(
  OUTPUT "${_shim_generated}"
  COMMAND ${CMAKE_COMMAND} "-DSHIM_DIR=${CMAKE_CURRENT_SOURCE_DIR}/shim"
          "-DOUTPUT=${_shim_generated}" "-DSOURCES=${_shim_list}"
          -P "${CMAKE_CURRENT_SOURCE_DIR}/shim/embedshim.cmake"
  DEPENDS ${_shim_paths} "${CMAKE_CURRENT_SOURCE_DIR}/shim/embedshim.cmake"
  COMMENT "Embedding the torch API shim (capture/shim/*.py)"
  VERBATIM)
target_sources(dynascope_capture PRIVATE torchshim.cpp "${_shim_generated}")
