// EventsOfType: the events of one type out of a run's stream, read in place — a view, not a
// copy, so a session keeps each event's JSON once (in stream order) however many types it files.
#pragma once

#include "model/event.h"
#include "model/indexiterator.h"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace dynascope {

class EventsOfType {
public:
    // No events.
    EventsOfType() = default;
    // The events of `stream` at `positions` (ascending indexes into it).
    EventsOfType(const std::vector<Event> &stream, const std::vector<size_t> &positions)
        : m_stream(&stream), m_positions(&positions) {}
    // Every body of `bodies` (fixtures and tests that hold bodies of one type).
    explicit EventsOfType(const std::vector<Json> &bodies) : m_bodies(&bodies) {}

    size_t size() const {
        return m_positions ? m_positions->size() : m_bodies ? m_bodies->size() : 0;
    }
    bool empty() const { return size() == 0; }
    const Json &operator[](size_t i) const {
        return m_positions ? (*m_stream)[(*m_positions)[i]].body : (*m_bodies)[i];
    }
    const Json &at(size_t i) const {
        if (i >= size())
            throw std::out_of_range("EventsOfType::at: no event " + std::to_string(i));
        return (*this)[i];
    }
    const Json &back() const { return (*this)[size() - 1]; }

    using const_iterator = IndexIterator<EventsOfType, Json>;
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

private:
    const std::vector<Event> *m_stream = nullptr;
    const std::vector<size_t> *m_positions = nullptr;
    const std::vector<Json> *m_bodies = nullptr;
};

} // namespace dynascope
