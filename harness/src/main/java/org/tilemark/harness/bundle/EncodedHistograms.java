package org.tilemark.harness.bundle;

import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One interval's histograms by tag, kept compressed and decoded when read: a decoded histogram of Tilemark's
 * range (1 ns to 1 h, 3 digits) holds about 265 KB of counts, so a bundle's logs held decoded would need gigabytes
 * (a 15-minute search: about 1 GB; a standard run: several per workload), while compressed they are a few
 * hundred bytes each. Read-only.
 */
final class EncodedHistograms extends AbstractMap<String, Histogram> {

    private final Map<String, byte[]> encoded = new LinkedHashMap<>();
    private final long startMs;
    private final long endMs;

    EncodedHistograms(long startMs, long endMs) {
        this.startMs = startMs;
        this.endMs = endMs;
    }

    /** Adds {@code histogram} under {@code tag}; false if the tag is there already. */
    boolean add(String tag, Histogram histogram) {
        if (encoded.containsKey(tag)) {
            return false;
        }
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        encoded.put(tag, bytes);
        return true;
    }

    @Override
    public Histogram get(Object tag) {
        byte[] bytes = encoded.get(tag);
        return bytes == null ? null : decode((String) tag, bytes);
    }

    @Override
    public boolean containsKey(Object tag) {
        return encoded.containsKey(tag);
    }

    @Override
    public Set<Entry<String, Histogram>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Histogram>> iterator() {
                Iterator<Entry<String, byte[]>> tags = encoded.entrySet().iterator();
                return new Iterator<>() {
                    @Override
                    public boolean hasNext() {
                        return tags.hasNext();
                    }

                    @Override
                    public Entry<String, Histogram> next() {
                        Entry<String, byte[]> tag = tags.next();
                        return new SimpleImmutableEntry<>(tag.getKey(), decode(tag.getKey(), tag.getValue()));
                    }
                };
            }

            @Override
            public int size() {
                return encoded.size();
            }
        };
    }

    private Histogram decode(String tag, byte[] bytes) {
        try {
            Histogram histogram = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
            histogram.setStartTimeStamp(startMs);
            histogram.setEndTimeStamp(endMs);
            histogram.setTag(tag.isEmpty() ? null : tag);
            return histogram;
        } catch (DataFormatException e) {
            throw new IllegalStateException("a histogram this bundle reader encoded does not decode", e);
        }
    }
}
