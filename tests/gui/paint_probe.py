"""Paints 2,000 times and prints how far sys.getrefcount(None) fell (0 when the binding is sound)."""
import os, sys
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QApplication
app = QApplication([])
image = QImage(64, 64, QImage.Format.Format_ARGB32)
def paint():
    painter = QPainter(image)
    painter.setPen(QPen(QColor("red")))
    painter.drawLine(0, 0, 63, 63)
    painter.drawRect(QRectF(1, 1, 30, 30))
    painter.drawText(5, 20, "x")
    painter.end()
for _ in range(50):
    paint()
before = sys.getrefcount(None)
for _ in range(2000):
    paint()
after = sys.getrefcount(None)
import PySide6
print(PySide6.__version__, sys.version.split()[0], before - after)
