// IndexIterator: a forward iterator over anything read by position (`view[i]`), for the views
// that read another container's rows in place (EventsOfType, the Guards view's DigestRows).
#pragma once

#include <cstddef>
#include <iterator>

namespace dynascope {

template <typename View, typename Item>
class IndexIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Item;
    using difference_type = std::ptrdiff_t;
    using pointer = const Item *;
    using reference = const Item &;
    IndexIterator(const View *view, size_t i) : m_view(view), m_i(i) {}
    reference operator*() const { return (*m_view)[m_i]; }
    pointer operator->() const { return &(*m_view)[m_i]; }
    IndexIterator &operator++() {
        ++m_i;
        return *this;
    }
    IndexIterator operator++(int) {
        IndexIterator before = *this;
        ++m_i;
        return before;
    }
    bool operator==(const IndexIterator &o) const { return m_i == o.m_i; }
    bool operator!=(const IndexIterator &o) const { return m_i != o.m_i; }

private:
    const View *m_view;
    size_t m_i;
};

} // namespace dynascope
