import ChartData
import GraphCalcSupport

/// A pie: slices placed around the middle of the canvas, with their labels and legend.
extension ChartLayout {
    /// The pie of `data`: its slices, their labels and the legend, below `top`.
    func pie(
        _ data: any ChartDataSource, _ options: ChartOptions, top: Double, title: PlacedText?
    ) throws(PlottingError) -> ChartScene {
        let layout = try PieChartLayout(
            data, startAngle: options.startAngle, direction: options.direction, minimumShare: options.minimumShare)
        let ring = Palette.ringIndices(count: layout.slices.count, period: looks)
        let slices = layout.slices.enumerated().map { index, slice in
            ChartScene.Slice(
                record: slice.record, name: slice.label, value: slice.value, startAngle: slice.startAngle,
                endAngle: slice.endAngle,
                style: layout.style(ofSlice: index, data), look: ring[index],
                isSelected: slice.record != nil && slice.record == options.selected)
        }
        let titles = layout.slices.indices.map { displayText(layout.legendTitle($0, data)) }
        let shares = layout.slices.map { PieChartLayout.format($0.percentage) }
        let entries = zip(titles, shares).map { $0 + "  " + $1 }
        // An entry too long for its room gives up the end of its title, never its share.
        func legendText(_ index: Int, room: Double) -> (title: String, text: String) {
            let share = "  " + shares[index]
            guard textWidth(entries[index]) > room else { return (titles[index], entries[index]) }
            let titleRoom = room - textWidth(share)
            guard titleRoom >= 2 * textWidth("m") else {
                let text = fit(entries[index], room)
                return (text, text)
            }
            let title = fit(titles[index], titleRoom)
            return (title, title + share)
        }
        switch unit {
        case .cells(let markerWidth, _, _):
            let width = Int(self.width), height = Int(self.height), top = Int(top)
            let widest = entries.map { markerWidth + 1 + TerminalText.width(of: $0) }.max() ?? 0
            let legendWidth = min(width / 2, widest + 2)
            let areaHeight = height - top, areaWidth = width - legendWidth
            guard areaHeight >= 3, areaWidth >= 6 else { throw tooSmall }
            // Cells are about twice as tall as wide: a round pie is twice as many columns as rows.
            let rows = min(Double(areaHeight) - 0.5, Double(areaWidth - 2) / 2)
            let pie = ChartScene.Pie(
                center: (Double(areaWidth) / 2, Double(top) + Double(areaHeight) / 2), radius: rows / 2, aspect: 2,
                pull: pullsSelection ? 0.5 : 0, slices: slices, layout: layout)
            // Entries that do not fit below each other are counted on the last row.
            let shown = entries.count <= areaHeight ? entries.count : max(0, areaHeight - 1)
            let legend = entries.prefix(shown).enumerated().map { index, entry in
                // The selection is marked "> " before its marker.
                let mark = slices[index].isSelected ? 2 : 0
                let (title, text) = legendText(index, room: Double(legendWidth - mark - markerWidth - 1))
                return ChartScene.LegendEntry(
                    slice: index, title: title, share: shares[index], markerX: Double(areaWidth + mark),
                    label: PlacedText(
                        text, x: Double(areaWidth + mark + markerWidth + 1), y: Double(top + index),
                        width: textWidth(text)))
            }
            let more = displayText("+\(entries.count - shown) more")
            return ChartScene(
                canvas: (self.width, self.height), title: title, isHorizontal: false,
                area: LayoutBox(left: 0, top: Double(top), width: Double(areaWidth), height: Double(areaHeight)),
                ticks: [], tickLabels: [], zero: 0, bars: [], pie: pie, legend: legend,
                legendOverflow: shown < entries.count
                    ? PlacedText(
                        fit(more, Double(legendWidth)), x: Double(areaWidth), y: Double(top + shown),
                        width: textWidth(more)) : nil)
        case .pixels:
            let legendWidth = min(width / 2, 40 + (entries.map(textWidth).max() ?? 0))
            let areaWidth = width - legendWidth - 12, areaHeight = height - top - 12
            let radius = min(areaWidth, areaHeight) / 2 - 10
            guard radius >= 10 else { throw tooSmall }
            let pie = ChartScene.Pie(
                center: (12 + areaWidth / 2, top + areaHeight / 2), radius: radius, aspect: 1, pull: 8, slices: slices,
                layout: layout)
            let legendLeft = width - legendWidth
            let rows = max(1, Int(((height - top - 10) / 20).rounded(.down)))
            let shown = entries.count <= rows ? entries.count : rows - 1
            let legend = entries.prefix(shown).enumerated().map { index, entry in
                let (title, text) = legendText(index, room: legendWidth - 18 - 4)
                return ChartScene.LegendEntry(
                    slice: index, title: title, share: shares[index], markerX: legendLeft,
                    label: PlacedText(
                        text, x: legendLeft + 18, y: top + 10 + Double(index) * 20, width: textWidth(text)))
            }
            let more = "+\(entries.count - shown) more"
            return ChartScene(
                canvas: (width, height), title: title, isHorizontal: false,
                area: LayoutBox(left: 12, top: top, width: areaWidth, height: areaHeight), ticks: [], tickLabels: [],
                zero: 0, bars: [], pie: pie, legend: legend,
                legendOverflow: shown < entries.count
                    ? PlacedText(more, x: legendLeft, y: top + 10 + Double(shown) * 20, width: textWidth(more)) : nil)
        }
    }
}
