document.getElementById("root").textContent = "fixture app";
